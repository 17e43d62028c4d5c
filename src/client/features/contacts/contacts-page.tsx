import { Typography } from 'antd';
import { PageTitle } from '../../components/page-title';
import { RequireRole } from '../session/require-role';

export const AGENTS_ONLY = 'Contacts are available to agents only.';

export function ContactsPage() {
  return (
    <RequireRole role="Agent" message={AGENTS_ONLY}>
      <PageTitle>Contacts</PageTitle>
      <Typography.Paragraph>
        Contacts is your agent workspace for the investors you find deals for.
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        You have no contacts yet. Adding and managing contacts arrives in a coming update.
      </Typography.Paragraph>
    </RequireRole>
  );
}

export default ContactsPage;
