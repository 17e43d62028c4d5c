import { Select, Tag, Typography } from 'antd';
import { AccessibleTable } from '../../components/accessible-table';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { ENTITY_TYPES, type EntityType } from '../../../shared/admin-constants';
import { adminErrorMessage } from './admin-messages';
import { useAuditLogQuery, type AuditEntry } from './admin-settings-api';
import { NO_RESULTS } from './user-dialog';

const HIDDEN_KEYS = new Set(['_id', 'password', 'passwordHash']);

export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** The fields whose value differs between before and after (creates list every field, deletes too). */
export function auditDiff(before: Record<string, unknown> | null, after: Record<string, unknown> | null): AuditChange[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: AuditChange[] = [];
  for (const field of keys) {
    if (HIDDEN_KEYS.has(field)) continue;
    const a = before?.[field];
    const b = after?.[field];
    if (JSON.stringify(a) !== JSON.stringify(b)) changes.push({ field, before: a, after: b });
  }
  return changes;
}

function show(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

function Diff({ entry }: { entry: AuditEntry }) {
  const changes = auditDiff(entry.before, entry.after);
  if (changes.length === 0) return <Typography.Text type="secondary">No field changes</Typography.Text>;
  return (
    <ul className="dm-audit-diff">
      {changes.map((c) => (
        <li key={c.field}>
          <span className="dm-audit-field">{c.field}</span>{' '}
          {entry.before ? <del className="dm-audit-before">{show(c.before)}</del> : null}
          {entry.before && entry.after ? ' → ' : null}
          {entry.after ? <ins className="dm-audit-after">{show(c.after)}</ins> : null}
        </li>
      ))}
    </ul>
  );
}

const ACTION_COLOURS: Record<string, string> = {
  create: 'success',
  import: 'success',
  update: 'processing',
  activate: 'cyan',
  deactivate: 'warning',
  delete: 'error',
};

const COLUMNS: ColumnsType<AuditEntry> = [
  {
    title: 'When',
    key: 'at',
    width: 190,
    render: (_: unknown, e: AuditEntry) => dayjs(e.at).format('MMM D, YYYY h:mm:ss A'),
  },
  { title: 'Who', key: 'who', width: 220, render: (_: unknown, e: AuditEntry) => e.actorUsername ?? 'System' },
  {
    title: 'Action',
    key: 'action',
    width: 120,
    render: (_: unknown, e: AuditEntry) => <Tag color={ACTION_COLOURS[e.action] ?? 'default'}>{e.action}</Tag>,
  },
  {
    title: 'Entity',
    key: 'entity',
    width: 200,
    render: (_: unknown, e: AuditEntry) => (
      <span>
        {e.entityType}
        {e.entityId ? (
          <Typography.Text type="secondary" className="dm-audit-id">
            {' '}
            {e.entityId}
          </Typography.Text>
        ) : null}
      </span>
    ),
  },
  { title: 'Changes', key: 'changes', render: (_: unknown, e: AuditEntry) => <Diff entry={e} /> },
];

/** Audit Log: every admin change, newest first, read only, paged on the server. */
export function AuditLogSection() {
  const [entityType, setEntityType] = useState<EntityType | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const { data, isFetching, error } = useAuditLogQuery({ entityType, page, pageSize });

  useEffect(() => {
    if (error) toast.error(adminErrorMessage(error, 'Failed to load the audit log'), { id: 'admin-audit' });
  }, [error]);

  const total = data?.total ?? 0;
  return (
    <section className="dm-admin-section" aria-labelledby="dm-admin-audit-title">
      <div className="dm-admin-section-head">
        <div className="dm-admin-section-title">
          <Typography.Title level={3} id="dm-admin-audit-title">
            Audit Log
          </Typography.Title>
          <Tag className="dm-admin-count">{total === 1 ? '1 entry' : `${total} entries`}</Tag>
        </div>
        <Select
          className="dm-audit-filter"
          aria-label="Entity type"
          placeholder="All entities"
          allowClear
          notFoundContent={NO_RESULTS}
          value={entityType}
          onChange={(value?: EntityType) => {
            setEntityType(value);
            setPage(1);
          }}
          options={ENTITY_TYPES.map((t) => ({ value: t, label: t.charAt(0).toUpperCase() + t.slice(1) }))}
        />
      </div>
      <AccessibleTable<AuditEntry>
        aria-label="Audit log"
        rowKey="_id"
        size="middle"
        columns={COLUMNS}
        dataSource={data?.items ?? []}
        loading={isFetching}
        scroll={{ x: 'max-content', y: '65vh' }}
        locale={{ emptyText: 'No changes recorded yet' }}
        pagination={{
          current: page,
          pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          onChange: (p, size) => {
            if (size !== pageSize) {
              setPageSize(size);
              setPage(1);
            } else setPage(p);
          },
        }}
      />
    </section>
  );
}
