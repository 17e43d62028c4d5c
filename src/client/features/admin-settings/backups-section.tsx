import { Alert, Button, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { AccessibleTable } from '../../components/accessible-table';
import { DownloadIcon } from '../../components/icons';
import { PageLoading } from '../../components/page-loading';
import { useWindowWidth } from '../../components/use-window-width';
import { BREAKPOINTS } from '../../constants';
import { adminErrorMessage, serverMessageOr } from './admin-messages';
import { useBackUpNowMutation, useBackupsQuery, type BackupFile, type BackupStatus } from './backups-api';
import {
  awaitedBackup,
  awaitedBackupOutcome,
  BACKUP_VARIABLES,
  backupPollInterval,
  backupsSentence,
  backupsState,
  checksumText,
  formatBytes,
  KIND_LABELS,
  runAnswerMessage,
  scheduleText,
  shortSha,
  STATE_LABELS,
  TRIGGER_LABELS,
  type BackupsState,
} from './backups-text';
import { formatInstant } from './format-instant';
import { useAwaitedRun } from './use-awaited-run';

/** How long "Back up now" follows its backup before it stops polling fast for it. */
const AWAIT_LIMIT_MS = 10 * 60_000;

const STATE_TAG_COLOURS: Record<BackupsState, string | undefined> = {
  writing: 'processing',
  failing: 'error',
  scheduled: 'success',
  off: undefined,
};

/** A backup's checksum: verified (read back when written, still its size), or what is wrong with it now. */
function Checksum({ backup }: { backup: BackupFile }) {
  return (
    <span className="dm-listing-feed-url">
      <Tag color={backup.problem ? 'error' : backup.verified ? 'success' : undefined}>{checksumText(backup)}</Tag>
      <Typography.Text code title={`SHA-256 ${backup.sha256}`}>
        {shortSha(backup.sha256)}
      </Typography.Text>
    </span>
  );
}

const COLUMNS: ColumnsType<BackupFile> = [
  { title: 'Taken', key: 'createdAt', width: 150, render: (_: unknown, b: BackupFile) => formatInstant(b.createdAt) },
  { title: 'Size', key: 'size', align: 'right', render: (_: unknown, b: BackupFile) => formatBytes(b.sizeBytes) },
  { title: 'Kind', key: 'kind', render: (_: unknown, b: BackupFile) => KIND_LABELS[b.kind] },
  { title: 'Taken by', key: 'trigger', render: (_: unknown, b: BackupFile) => TRIGGER_LABELS[b.trigger] },
  { title: 'Checksum', key: 'checksum', width: 280, render: (_: unknown, b: BackupFile) => <Checksum backup={b} /> },
  { title: 'File', key: 'name', render: (_: unknown, b: BackupFile) => <span className="dm-listing-feed-url">{b.name}</span> },
];

/** The backups as a table, or on a phone (where six columns would scroll sideways) as cards. */
function BackupList({ backups }: { backups: BackupFile[] }) {
  const phone = useWindowWidth() < BREAKPOINTS.md;
  if (!backups.length) return <Typography.Paragraph>No backups yet.</Typography.Paragraph>;
  if (phone) {
    return (
      <Flex vertical gap="small" role="list" aria-label="Newest backups" data-testid="backup-cards">
        {backups.map((b) => (
          <Card key={b.name} size="small" role="listitem" title={formatInstant(b.createdAt)}>
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'size', label: 'Size', children: formatBytes(b.sizeBytes) },
                { key: 'kind', label: 'Kind', children: KIND_LABELS[b.kind] },
                { key: 'trigger', label: 'Taken by', children: TRIGGER_LABELS[b.trigger] },
                { key: 'checksum', label: 'Checksum', children: <Checksum backup={b} /> },
                { key: 'name', label: 'File', children: <span className="dm-listing-feed-url">{b.name}</span> },
              ]}
            />
          </Card>
        ))}
      </Flex>
    );
  }
  return (
    <AccessibleTable<BackupFile>
      aria-label="Newest backups"
      rowKey="name"
      size="small"
      columns={COLUMNS}
      dataSource={backups}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}

/** No BACKUP_EVERY_HOURS: what to set on the server. */
function NotScheduled() {
  return (
    <div>
      <Typography.Paragraph>
        The server takes no backups on its own. To have it take one every few hours, set these variables on the server and restart
        it:
      </Typography.Paragraph>
      <ul className="dm-listing-feed-vars">
        {BACKUP_VARIABLES.map((v) => (
          <li key={v.name}>
            <Typography.Text code>{v.name}</Typography.Text>: {v.what}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The schedule, the directory and the failure in words. */
function BackupDetails({ status }: { status: BackupStatus }) {
  const failure = status.lastFailure;
  return (
    <div className="dm-listing-feed-status">
      <div role="status" aria-label="Backups state" className="dm-listing-feed-state">
        <Typography.Text strong>{backupsSentence(status)}</Typography.Text>
      </div>
      {failure ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={failure.error}
          description={`${formatInstant(failure.at)} (${TRIGGER_LABELS[failure.trigger]}). The backups already written are kept${
            status.everyHours ? '; the schedule tries again within 15 minutes' : ''
          }.`}
        />
      ) : null}
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'schedule', label: 'Schedule', children: scheduleText(status.everyHours) },
          { key: 'next', label: 'Next backup', children: status.nextAt ? formatInstant(status.nextAt) : '—' },
          { key: 'keep', label: 'Kept', children: `The newest ${status.keep}` },
          { key: 'kind', label: 'Database', children: KIND_LABELS[status.kind] },
          {
            key: 'dir',
            label: 'Directory',
            children: <span className="dm-listing-feed-url">{status.dir}</span>,
          },
        ]}
      />
      {status.everyHours ? null : <NotScheduled />}
    </div>
  );
}

/**
 * Admin Settings → Backups (docs/deploy.md, "Backups and restores"): the schedule (or how to turn it
 * on), the newest backups with their size, kind and checksum, the last failure in words, and "Back up
 * now" (audit-logged on the server), polled every 2 s while a backup is written.
 */
export function BackupsSection() {
  // The backup "Back up now" started, until it is written or fails, for AWAIT_LIMIT_MS at most (another server may take it).
  const { pollingInterval, awaiting, startAwaiting, follow } = useAwaitedRun({
    pollInterval: backupPollInterval,
    outcome: awaitedBackupOutcome,
    toastId: 'backup-run',
    limitMs: AWAIT_LIMIT_MS,
  });
  const { data, error, isLoading, refetch } = useBackupsQuery(undefined, { pollingInterval });
  follow(data);
  const [backUp, backUpCall] = useBackUpNowMutation();

  useEffect(() => {
    if (error) toast.error(adminErrorMessage(error, 'Failed to load the backups'), { id: 'admin-backups' });
  }, [error]);

  const backUpNow = async () => {
    const before = awaitedBackup(data);
    try {
      const answer = await backUp().unwrap();
      toast.success(runAnswerMessage(answer));
      startAwaiting(before);
    } catch (err) {
      toast.error(serverMessageOr(err, 'The backup could not be started'));
    }
  };

  const running = data?.running || backUpCall.isLoading || awaiting;
  const state = data ? backupsState(data) : null;
  return (
    <section className="dm-admin-section" aria-labelledby="dm-admin-backups-title" data-testid="admin-backups">
      <div className="dm-admin-section-head">
        <div className="dm-admin-section-title">
          <Typography.Title level={3} id="dm-admin-backups-title">
            Backups
          </Typography.Title>
          {state ? <Tag color={STATE_TAG_COLOURS[state]}>{STATE_LABELS[state]}</Tag> : null}
        </div>
        {data ? (
          <Button
            type="primary"
            icon={<DownloadIcon />}
            loading={backUpCall.isLoading}
            disabled={running}
            onClick={() => void backUpNow()}
          >
            Back up now
          </Button>
        ) : null}
      </div>
      <Typography.Paragraph type="secondary">
        A backup is the whole database in one file, with its SHA-256 in a manifest beside it; it is read back after it is written.
        Restore one with <Typography.Text code>npm run restore</Typography.Text> (docs/deploy.md, &ldquo;Backups and
        restores&rdquo;), and keep copies on another machine: a backup on the server&apos;s own disk goes with it.
      </Typography.Paragraph>

      {isLoading ? <PageLoading /> : null}
      {!data && error ? (
        <Typography.Paragraph>
          The backups could not be loaded.{' '}
          <Button size="small" onClick={() => void refetch()}>
            Try again
          </Button>
        </Typography.Paragraph>
      ) : null}
      {data ? (
        <>
          <BackupDetails status={data} />
          <Typography.Title level={4}>Newest backups</Typography.Title>
          <BackupList backups={data.backups} />
        </>
      ) : null}
    </section>
  );
}

export default BackupsSection;
