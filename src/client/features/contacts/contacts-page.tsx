import { Alert, Button, Empty, Input, Spin, Typography } from 'antd';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Contact } from '../../../shared/investor-types';
import { isAgent } from '../../../shared/roles';
import { DEFAULT_ERROR_MESSAGE, errorMessage } from '../../api/base-query';
import { useAppSelector } from '../../app/hooks';
import { PlusIcon } from '../../components/icons';
import { PageTitle } from '../../components/page-title';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { selectUser } from '../session';
import { AgentsOnly } from './agents-only';
import { ContactDialog } from './contact-dialog';
import { CONTACT_TEXT } from './contact-rules';
import { useContactsQuery, useDeleteContactMutation } from './contacts-api';
import { ContactsTable } from './contacts-table';
import './contacts.css';
import { useDebouncedValue } from '../../components/use-debounced-value';

const SEARCH_DEBOUNCE_MS = 300;

type Dialog = { kind: 'add' } | { kind: 'edit'; contact: Contact } | { kind: 'delete' } | null;

function AgentContacts() {
  const [typed, setTyped] = useState('');
  const q = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const { data = [], isLoading, isFetching, error, refetch } = useContactsQuery(q);
  const [remove, { isLoading: deleting }] = useDeleteContactMutation();
  const [dialog, setDialog] = useState<Dialog>(null);
  // Kept after the confirmation closes, so its text does not empty during the closing animation.
  const [toDelete, setToDelete] = useState<Contact | null>(null);
  const close = () => setDialog(null);
  const askDelete = (contact: Contact) => {
    setToDelete(contact);
    setDialog({ kind: 'delete' });
  };

  const confirmDelete = async (contact: Contact) => {
    try {
      await remove(contact._id).unwrap();
      toast.success(CONTACT_TEXT.deleted);
    } catch (failure) {
      const own = errorMessage(failure);
      toast.error(own === DEFAULT_ERROR_MESSAGE ? CONTACT_TEXT.deleteFailed : own);
    }
    close();
  };

  let body;
  if (isLoading) body = <Spin aria-label="Loading" />;
  else if (error) {
    body = (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={errorMessage(error)}
        action={<Button onClick={() => void refetch()}>Try again</Button>}
      />
    );
  } else if (!data.length && !q) {
    body = (
      <Empty description="No contacts yet. Add the investors you work with, with their details and the properties you are discussing.">
        <Button type="primary" onClick={() => setDialog({ kind: 'add' })}>
          Add your first contact
        </Button>
      </Empty>
    );
  } else if (!data.length) {
    body = <Empty description={`No contacts match “${q}”.`} />;
  } else {
    body = (
      <ContactsTable
        contacts={data}
        loading={isFetching}
        onEdit={(contact) => setDialog({ kind: 'edit', contact })}
        onDelete={askDelete}
      />
    );
  }

  return (
    <>
      <div className="dm-contacts-toolbar">
        <Input.Search
          allowClear
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder="Search name, email, phone or notes"
          aria-label="Search contacts"
          className="dm-contacts-search"
        />
        <Typography.Text type="secondary" aria-live="polite">
          {isLoading || error ? '' : `${data.length} ${data.length === 1 ? 'contact' : 'contacts'}${q ? ' found' : ''}`}
        </Typography.Text>
        <Button type="primary" icon={<PlusIcon />} onClick={() => setDialog({ kind: 'add' })}>
          Add Contact
        </Button>
      </div>
      {body}
      {dialog?.kind === 'add' ? <ContactDialog onClose={close} /> : null}
      {dialog?.kind === 'edit' ? <ContactDialog contact={dialog.contact} onClose={close} /> : null}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete Contact"
        onYes={() => toDelete && void confirmDelete(toDelete)}
        onNo={close}
        busy={deleting}
        danger
      >
        <Typography.Paragraph>
          Delete <strong>{toDelete?.name}</strong>? This cannot be undone.
        </Typography.Paragraph>
      </ConfirmDialog>
    </>
  );
}

/** /app/contacts: the agent's contacts. Other roles see why they cannot use it. */
export function ContactsPage() {
  const user = useAppSelector(selectUser);
  if (!user) return <Spin aria-label="Loading" />;
  if (!isAgent(user.role)) return <AgentsOnly />;
  return (
    <>
      <PageTitle>Contacts</PageTitle>
      <Typography.Paragraph className="dm-lead">
        The investors you work with, and the properties you share with them.
      </Typography.Paragraph>
      <AgentContacts />
    </>
  );
}

export default ContactsPage;
