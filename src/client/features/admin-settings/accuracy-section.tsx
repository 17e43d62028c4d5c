import { Alert, Button, Descriptions, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { AccessibleTable } from '../../components/accessible-table';
import { SyncIcon } from '../../components/icons';
import { PageLoading } from '../../components/page-loading';
import { accuracyApi } from '../accuracy';
import { useAccuracyStatusQuery, useRunAccuracyMutation, type AccuracyRun, type AccuracyStatus } from './accuracy-admin-api';
import {
  ACCURACY_STATE_LABELS,
  ACCURACY_TRIGGER_LABELS,
  accuracyPollInterval,
  accuracyRunDuration,
  accuracyStateSentence,
  awaitedBacktest,
  awaitedBacktestOutcome,
  estimatedOfTested,
  lastFailure,
  runAnswerMessage,
  RUN_STATUS_LABELS,
} from './accuracy-admin-text';
import { adminErrorMessage, serverMessageOr } from './admin-messages';
import { formatInstant } from './format-instant';
import { useAwaitedRun } from './use-awaited-run';

/** How long "Run now" waits for its run to show before it stops polling fast for it. */
const AWAIT_LIMIT_MS = 120_000;

const STATE_TAG_COLOURS: Record<AccuracyStatus['state'], string | undefined> = {
  never: undefined,
  idle: 'success',
  running: 'processing',
  failing: 'error',
};

const RUN_COLUMNS: ColumnsType<AccuracyRun> = [
  {
    title: 'Started',
    key: 'startedAt',
    fixed: 'left',
    width: 120,
    render: (_: unknown, run: AccuracyRun) => formatInstant(run.startedAt),
  },
  { title: 'Trigger', key: 'trigger', render: (_: unknown, run: AccuracyRun) => ACCURACY_TRIGGER_LABELS[run.trigger] },
  { title: 'Status', key: 'status', render: (_: unknown, run: AccuracyRun) => RUN_STATUS_LABELS[run.status] },
  {
    title: 'Sales estimated',
    key: 'sales',
    align: 'right',
    render: (_: unknown, run: AccuracyRun) => estimatedOfTested(run.salesEstimated, run.salesTested),
  },
  {
    title: 'Leases estimated',
    key: 'leases',
    align: 'right',
    render: (_: unknown, run: AccuracyRun) => estimatedOfTested(run.leasesEstimated, run.leasesTested),
  },
  { title: 'Duration', key: 'duration', render: (_: unknown, run: AccuracyRun) => accuracyRunDuration(run) },
  { title: 'Error', key: 'error', width: 280, render: (_: unknown, run: AccuracyRun) => run.error ?? '—' },
];

/** The backtest as it stands: the state, a failure, the last success and the next nightly run. */
function BacktestDetails({ status }: { status: AccuracyStatus }) {
  const failed = lastFailure(status);
  const success = status.lastSuccess;
  return (
    <div className="dm-listing-feed-status">
      <div role="status" aria-label="Backtest state" className="dm-listing-feed-state">
        <Typography.Text strong>{accuracyStateSentence(status)}</Typography.Text>
      </div>
      {failed ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={`The last run failed: ${failed.error ?? 'no reason was recorded'}`}
          description={`It is tried again an hour later; until a run succeeds, estimates keep the ranges and figures of the last successful one${success ? ` (${formatInstant(success.finishedAt)})` : ''}.`}
        />
      ) : null}
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'success', label: 'Last successful run', children: formatInstant(success?.finishedAt) },
          { key: 'took', label: 'It took', children: success ? accuracyRunDuration(success) : '—' },
          {
            key: 'sales',
            label: 'Sales estimated',
            children: success ? estimatedOfTested(success.salesEstimated, success.salesTested) : '—',
          },
          {
            key: 'leases',
            label: 'Leases estimated',
            children: success ? estimatedOfTested(success.leasesEstimated, success.leasesTested) : '—',
          },
          { key: 'next', label: 'Next nightly run', children: formatInstant(status.nextScheduledAt) },
          {
            key: 'public',
            label: 'Published',
            children: <Link to="/accuracy">The public Accuracy page</Link>,
          },
        ]}
      />
    </div>
  );
}

/**
 * Admin Settings → Accuracy (issue 37): the estimates' backtest — when it last ran and how long it
 * took, its counts, a failure in words, the last runs, the next nightly run — and "Run now"
 * (audit-logged on the server), polled every 2 s while a run goes. A finished run makes the cached
 * accuracy figures stale.
 */
export function AccuracySection() {
  const dispatch = useAppDispatch();
  // The run "Run now" started, until it ends; one yet to show (another server may take it) for AWAIT_LIMIT_MS.
  const { pollingInterval, awaiting, startAwaiting, follow } = useAwaitedRun({
    pollInterval: accuracyPollInterval,
    outcome: awaitedBacktestOutcome,
    toastId: 'accuracy-run',
    limitMs: AWAIT_LIMIT_MS,
    expires: (awaited) => !('id' in awaited),
    onSucceeded: () => dispatch(accuracyApi.util.invalidateTags(['Accuracy'])),
  });
  const { data, error, isLoading, refetch } = useAccuracyStatusQuery(undefined, { pollingInterval });
  follow(data);
  const [run, runCall] = useRunAccuracyMutation();

  useEffect(() => {
    if (error) toast.error(adminErrorMessage(error, 'Failed to load the backtest status'), { id: 'admin-accuracy' });
  }, [error]);

  const runNow = async () => {
    const newestBefore = data?.runs[0]?.id ?? null;
    try {
      const answer = await run().unwrap();
      toast.success(runAnswerMessage(answer));
      startAwaiting(awaitedBacktest(answer, newestBefore));
    } catch (err) {
      toast.error(serverMessageOr(err, 'The backtest could not be started'));
    }
  };

  const running = data?.state === 'running' || runCall.isLoading || awaiting;
  return (
    <section className="dm-admin-section" aria-labelledby="dm-admin-accuracy-title" data-testid="admin-accuracy">
      <div className="dm-admin-section-head">
        <div className="dm-admin-section-title">
          <Typography.Title level={3} id="dm-admin-accuracy-title">
            Accuracy
          </Typography.Title>
          {data ? <Tag color={STATE_TAG_COLOURS[data.state]}>{ACCURACY_STATE_LABELS[data.state]}</Tag> : null}
        </div>
        {data ? (
          <Button type="primary" icon={<SyncIcon />} loading={runCall.isLoading} disabled={running} onClick={() => void runNow()}>
            Run now
          </Button>
        ) : null}
      </div>
      <Typography.Paragraph type="secondary">
        The backtest estimates every sale and lease of the last 12 months as it would have been the day before it closed, and
        measures how close the estimates came: the figures of the Accuracy page, the &ldquo;How accurate?&rdquo; dialogs and the
        80&nbsp;% ranges every estimate shows. It runs after the listings load, every night, and after an import brings new closed
        sales or leases.
      </Typography.Paragraph>

      {isLoading ? <PageLoading /> : null}
      {!data && error ? (
        <Typography.Paragraph>
          The backtest&apos;s status could not be loaded.{' '}
          <Button size="small" onClick={() => void refetch()}>
            Try again
          </Button>
        </Typography.Paragraph>
      ) : null}
      {data ? (
        <>
          <BacktestDetails status={data} />
          <Typography.Title level={4}>Last runs</Typography.Title>
          <AccessibleTable<AccuracyRun>
            aria-label="Last runs"
            rowKey="id"
            size="small"
            columns={RUN_COLUMNS}
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

export default AccuracySection;
