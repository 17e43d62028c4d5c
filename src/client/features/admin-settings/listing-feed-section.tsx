import { Alert, Button, Descriptions, Progress, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { formatInteger } from '../../../shared/format';
import { AccessibleTable } from '../../components/accessible-table';
import { SyncIcon } from '../../components/icons';
import { PageLoading } from '../../components/page-loading';
import { adminErrorMessage, serverMessageOr } from './admin-messages';
import { formatInstant } from './format-instant';
import { useListingFeedQuery, useSyncListingFeedMutation, type ListingFeedRun, type ListingFeedStatus } from './listing-feed-api';
import {
  awaitedOutcome,
  awaitedRun,
  feedPollInterval,
  feedStateSentence,
  FEED_VARIABLES,
  nextSyncText,
  progressPercent,
  runDuration,
  RUN_KIND_LABELS,
  STATE_LABELS,
  syncAnswerMessage,
  TRIGGER_LABELS,
} from './listing-feed-text';
import { useAwaitedRun } from './use-awaited-run';

/** How long "Sync now" waits for its run to appear before it stops polling fast for it. */
const AWAIT_LIMIT_MS = 120_000;

const STATE_TAG_COLOURS: Record<ListingFeedStatus['state'], string | undefined> = {
  off: undefined,
  idle: 'success',
  syncing: undefined,
  failing: 'error',
};

const count = (key: 'rows' | 'added' | 'updated' | 'rejected' | 'offMarket', title: string) => ({
  title,
  key,
  align: 'right' as const,
  render: (_: unknown, run: ListingFeedRun) => formatInteger(run[key]),
});

/** The runs table's columns; `syncing` tells the newest unfinished run (running) from an interrupted one. */
function runColumns(syncing: boolean): ColumnsType<ListingFeedRun> {
  return [
    {
      title: 'Started',
      key: 'startedAt',
      fixed: 'left',
      width: 120,
      render: (_: unknown, run: ListingFeedRun) => formatInstant(run.startedAt),
    },
    { title: 'Kind', key: 'kind', render: (_: unknown, run: ListingFeedRun) => RUN_KIND_LABELS[run.kind] },
    { title: 'Trigger', key: 'trigger', render: (_: unknown, run: ListingFeedRun) => TRIGGER_LABELS[run.trigger] },
    count('rows', 'Rows'),
    count('added', 'Added'),
    count('updated', 'Updated'),
    count('rejected', 'Rejected'),
    count('offMarket', 'Off market'),
    {
      title: 'Duration',
      key: 'duration',
      render: (_: unknown, run: ListingFeedRun, index: number) => runDuration(run, syncing && index === 0),
    },
    {
      title: 'Error',
      key: 'error',
      width: 280,
      render: (_: unknown, run: ListingFeedRun) => run.error ?? '—',
    },
  ];
}

/** No RESO_API_URL: what to set, and where the setup is explained. */
function NotConfigured() {
  return (
    <div className="dm-listing-feed-off">
      <Typography.Paragraph>
        No listing feed is set. Listings come from imported files (<Typography.Text code>npm run import</Typography.Text>) and the
        demo data. To replicate them from your MLS&apos;s RESO Web API, set these variables on the server and restart it:
      </Typography.Paragraph>
      <ul className="dm-listing-feed-vars">
        {FEED_VARIABLES.map((v) => (
          <li key={v.names.join()}>
            {v.names.map((name, i) => (
              <span key={name}>
                {i > 0 ? ', ' : null}
                <Typography.Text code>{name}</Typography.Text>
              </span>
            ))}
            : {v.what}
          </li>
        ))}
      </ul>
      <Typography.Paragraph>
        <Typography.Text code>docs/listings.md</Typography.Text>, &ldquo;Connecting an MLS&rdquo;, explains the setup, the fields
        read, the cursor, the daily reconciliation and what happens when the MLS fails.
      </Typography.Paragraph>
    </div>
  );
}

/** The feed as it stands: the run under way, the failure, the schedule and the cursor. */
function FeedDetails({ status }: { status: ListingFeedStatus }) {
  const percent = status.state === 'syncing' ? progressPercent(status.progress) : null;
  return (
    <div className="dm-listing-feed-status">
      <div role="status" aria-label="Listing feed state" className="dm-listing-feed-state">
        <Typography.Text strong>{feedStateSentence(status)}</Typography.Text>
        {percent !== null ? <Progress percent={percent} status="active" aria-label="Sync progress" /> : null}
      </div>
      {status.state === 'failing' && status.lastError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={`The last run failed: ${status.lastError}`}
          description={`The feed retries at the next run${status.nextSyncAt ? ` (${formatInstant(status.nextSyncAt)})` : ''}; the listings already replicated stay as they are.`}
        />
      ) : null}
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          {
            key: 'url',
            label: 'Service URL',
            children: <span className="dm-listing-feed-url">{status.serviceUrl ?? '—'}</span>,
          },
          { key: 'success', label: 'Last successful sync', children: formatInstant(status.lastSuccessAt) },
          { key: 'next', label: 'Next sync', children: nextSyncText(status) },
          { key: 'reconciled', label: 'Last reconciliation', children: formatInstant(status.lastReconciledAt) },
          {
            key: 'cursor',
            label: 'Cursor',
            children: status.cursor ? (
              <span className="dm-listing-feed-url">
                {formatInstant(status.cursor.modifiedAt)}, ListingKey {status.cursor.listingKey}
              </span>
            ) : (
              'None yet: the first run reads every listing'
            ),
          },
          { key: 'error', label: 'Last error', children: status.lastError ?? 'None' },
        ]}
      />
    </div>
  );
}

/**
 * Admin Settings → Listing feed (issue 30): the MLS's RESO Web API feed the server replicates — its
 * service URL (never a secret), state, last successful sync, the last runs and their counts, the
 * last error, and "Sync now" (audit-logged on the server), polled every few seconds while a run goes.
 * Without RESO_API_URL it explains what to set.
 */
export function ListingFeedSection() {
  // The run "Sync now" started, until it ends; one yet to show (another server's schedule may take it) for AWAIT_LIMIT_MS.
  const { pollingInterval, awaiting, startAwaiting, follow } = useAwaitedRun({
    pollInterval: feedPollInterval,
    outcome: awaitedOutcome,
    toastId: 'listing-feed-run',
    limitMs: AWAIT_LIMIT_MS,
    expires: (awaited) => !('id' in awaited),
  });
  const { data, error, isLoading, refetch } = useListingFeedQuery(undefined, { pollingInterval });
  follow(data);
  const [sync, syncCall] = useSyncListingFeedMutation();

  useEffect(() => {
    if (error) toast.error(adminErrorMessage(error, 'Failed to load the listing feed'), { id: 'admin-listing-feed' });
  }, [error]);

  const syncNow = async () => {
    const newestBefore = data?.runs[0]?.id ?? null;
    try {
      const answer = await sync().unwrap();
      toast.success(syncAnswerMessage(answer));
      startAwaiting(awaitedRun(answer, newestBefore));
    } catch (err) {
      toast.error(serverMessageOr(err, 'The sync could not be started'));
    }
  };

  const running = data?.state === 'syncing' || syncCall.isLoading || awaiting;
  return (
    <section className="dm-admin-section" aria-labelledby="dm-admin-listing-feed-title">
      <div className="dm-admin-section-head">
        <div className="dm-admin-section-title">
          <Typography.Title level={3} id="dm-admin-listing-feed-title">
            Listing feed
          </Typography.Title>
          {data ? <Tag color={STATE_TAG_COLOURS[data.state]}>{STATE_LABELS[data.state]}</Tag> : null}
        </div>
        {data?.configured ? (
          <Button
            type="primary"
            icon={<SyncIcon />}
            loading={syncCall.isLoading}
            disabled={running}
            onClick={() => void syncNow()}
          >
            Sync now
          </Button>
        ) : null}
      </div>

      {isLoading ? <PageLoading /> : null}
      {!data && error ? (
        <Typography.Paragraph>
          The listing feed&apos;s status could not be loaded.{' '}
          <Button size="small" onClick={() => void refetch()}>
            Try again
          </Button>
        </Typography.Paragraph>
      ) : null}
      {data && !data.configured ? <NotConfigured /> : null}
      {data?.configured ? (
        <>
          <FeedDetails status={data} />
          <Typography.Title level={4}>Last runs</Typography.Title>
          <AccessibleTable<ListingFeedRun>
            aria-label="Last runs"
            rowKey="id"
            size="small"
            columns={runColumns(data.state === 'syncing')}
            dataSource={data.runs}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: 'No runs yet' }}
          />
        </>
      ) : null}
    </section>
  );
}

export default ListingFeedSection;
