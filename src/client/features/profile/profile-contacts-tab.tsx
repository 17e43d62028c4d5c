import { Alert, Button, Empty, Spin, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { normalizeRole } from '../../../shared/roles';
import { errorMessage } from '../../api/base-query';
import { useAppSelector } from '../../app/hooks';
import { useContactsQuery } from '../contacts';
import { selectUser } from '../session';

function AgentContacts() {
  const { data, isLoading, error, refetch } = useContactsQuery('');
  if (isLoading) return <Spin aria-label="Loading" />;
  if (error) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={errorMessage(error)}
        action={<Button onClick={() => void refetch()}>Try again</Button>}
      />
    );
  }
  if (!data?.length) {
    return (
      <Empty description="You have no contacts yet. Add the investors you work with, and link the properties you share with them.">
        <Link to="/app/contacts">Add your first contact</Link>
      </Empty>
    );
  }
  return (
    <>
      <Typography.Paragraph>
        The {data.length} {data.length === 1 ? 'person' : 'people'} you work with. <Link to="/app/contacts">Manage contacts</Link>
      </Typography.Paragraph>
      <ul className="dm-section-list" aria-label="Your contacts">
        {data.map((contact) => (
          <li key={contact._id}>
            <strong>{contact.name}</strong>
            <span>{[contact.email, contact.phone].filter(Boolean).join(' · ') || 'No email or phone'}</span>
            <span>
              {contact.properties.length} linked {contact.properties.length === 1 ? 'property' : 'properties'}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** /app/profile/contacts: an agent's contacts; for anyone else, what contacts are and why there are none. */
export function ProfileContactsTab() {
  const user = useAppSelector(selectUser);
  if (!user) return <Spin aria-label="Loading" />;
  const role = normalizeRole(user.role);
  return (
    <section aria-label="Profile contacts">
      {role === 'Agent' ? (
        <AgentContacts />
      ) : (
        <Typography.Paragraph>
          Contacts are for agents: an agent keeps the investors they work with here, with their details and the properties they
          share. Your account is an {role} account, so there are no contacts to show. Ask an administrator if you work as an
          agent.
        </Typography.Paragraph>
      )}
    </section>
  );
}
