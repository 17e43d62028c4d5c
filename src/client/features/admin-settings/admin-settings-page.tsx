import { Typography } from 'antd';
import { PageTitle } from '../../components/page-title';
import { RequireRole } from '../session/require-role';

export const ADMINS_ONLY = 'Admin settings are available to administrators only.';

const SECTIONS = [
  { name: 'Users', text: 'People who can sign in, their role, account and status.' },
  { name: 'Markets', text: 'The cities and states investors can choose on their profile.' },
  { name: 'Interests', text: 'Investment interests offered on the profile.' },
  { name: 'Strategies', text: "Buy & Hold, BRRRR, Fix'N'Flip and Short-term Rental, and whether each is active." },
  { name: 'Accounts', text: 'The organisations users belong to.' },
];

export function AdminSettingsPage() {
  return (
    <RequireRole role="Admin" message={ADMINS_ONLY}>
      <PageTitle>Admin Settings</PageTitle>
      <Typography.Paragraph>This area is where administrators manage Dealmap.</Typography.Paragraph>
      <ul className="dm-section-list">
        {SECTIONS.map((s) => (
          <li key={s.name}>
            <strong>{s.name}</strong>
            <span>{s.text}</span>
          </li>
        ))}
      </ul>
      <Typography.Paragraph type="secondary" className="dm-note">
        The lists and add/edit dialogs for these sections arrive in a coming update.
      </Typography.Paragraph>
    </RequireRole>
  );
}

export default AdminSettingsPage;
