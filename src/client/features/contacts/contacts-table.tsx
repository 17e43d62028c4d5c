import { Button, Space, Typography } from 'antd';
import { AccessibleTable } from '../../components/accessible-table';
import { Link } from 'react-router-dom';
import type { Contact } from '../../../shared/investor-types';

interface ContactsTableProps {
  contacts: Contact[];
  loading: boolean;
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
}

/** Name, email, phone, linked properties (links to their pages), notes, and the row actions. */
export function ContactsTable({ contacts, loading, onEdit, onDelete }: ContactsTableProps) {
  const columns = [
    { title: 'Name', dataIndex: 'name', key: 'name', width: 170, render: (name: string) => <strong>{name}</strong> },
    {
      title: 'Email',
      dataIndex: 'email',
      key: 'email',
      width: 200,
      render: (email: string) => (email ? <a href={`mailto:${email}`}>{email}</a> : '—'),
    },
    {
      title: 'Phone',
      dataIndex: 'phone',
      key: 'phone',
      width: 150,
      render: (phone: string) => (phone ? <a href={`tel:${phone.replace(/[^0-9+]/g, '')}`}>{phone}</a> : '—'),
    },
    {
      title: 'Properties',
      key: 'properties',
      width: 280,
      render: (_: unknown, c: Contact) =>
        c.properties.length ? (
          <ul className="dm-contact-properties">
            {c.properties.map((p) => (
              <li key={p._id}>
                <Link to={`/app/property/${encodeURIComponent(p._id)}`}>{p.address}</Link>
              </li>
            ))}
          </ul>
        ) : (
          '—'
        ),
    },
    {
      title: 'Notes',
      dataIndex: 'notes',
      key: 'notes',
      render: (notes: string) =>
        notes ? (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: notes }} className="dm-contact-notes">
            {notes}
          </Typography.Paragraph>
        ) : (
          '—'
        ),
    },
    {
      title: 'Actions',
      key: 'actions',
      width: 140,
      render: (_: unknown, c: Contact) => (
        <Space size={4}>
          <Button size="small" onClick={() => onEdit(c)} aria-label={`Edit ${c.name}`}>
            Edit
          </Button>
          <Button size="small" danger onClick={() => onDelete(c)} aria-label={`Delete ${c.name}`}>
            Delete
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <AccessibleTable<Contact>
      rowKey="_id"
      size="middle"
      columns={columns}
      dataSource={contacts}
      loading={loading}
      pagination={contacts.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      scroll={{ x: 900, y: '65vh' }}
      aria-label="Contacts"
    />
  );
}
