import { formatInteger } from '../../../shared/format';
import type { AccuracyRun, AccuracyRunAnswer, AccuracyStatus, AccuracyTrigger } from '../../../shared/schemas/accuracy';
import { formatInstant } from './format-instant';
import { formatDuration } from './listing-feed-text';

/**
 * What the admin "Accuracy" section says about the estimates' backtest (issue 37; docs/accuracy.md,
 * "When it runs"): pure functions of the status GET /admin/accuracy answers, tested alone.
 */

/** How often the section asks for the status while a run goes (or one "Run now" started is awaited). */
export const ACCURACY_POLL_RUNNING_MS = 2000;
/** How often otherwise, so a nightly or an import's run shows up without a reload. */
export const ACCURACY_POLL_IDLE_MS = 30_000;

export const ACCURACY_STATE_LABELS: Record<AccuracyStatus['state'], string> = {
  never: 'Not run yet',
  idle: 'Idle',
  running: 'Running',
  failing: 'Failing',
};

export const ACCURACY_TRIGGER_LABELS: Record<AccuracyTrigger, string> = {
  schedule: 'Nightly',
  data: 'New sales or leases',
  start: 'Server start',
  admin: 'Run now',
};

export const RUN_STATUS_LABELS: Record<AccuracyRun['status'], string> = {
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

/** How often to ask: fast while a run goes or one is awaited, slowly otherwise. */
export function accuracyPollInterval(status: Pick<AccuracyStatus, 'state'> | undefined, awaiting: boolean): number {
  return awaiting || status?.state === 'running' ? ACCURACY_POLL_RUNNING_MS : ACCURACY_POLL_IDLE_MS;
}

/** A run's duration: "1 min 12 s"; "Running" for the one under way; "Interrupted" for one its server never finished. */
export function accuracyRunDuration(run: Pick<AccuracyRun, 'status' | 'durationMs' | 'startedAt' | 'finishedAt'>): string {
  if (run.status === 'running') return 'Running';
  if (run.durationMs !== null) return formatDuration(run.durationMs);
  if (run.finishedAt) return formatDuration(Date.parse(run.finishedAt) - Date.parse(run.startedAt));
  return 'Interrupted';
}

/** "2,584 of 4,888" estimated of tested; "—" when the run did not get that far. */
export function estimatedOfTested(estimated: number | null, tested: number | null): string {
  if (estimated === null || tested === null) return '—';
  return `${formatInteger(estimated)} of ${formatInteger(tested)}`;
}

/** "Estimated 2,584 of 4,888 sales and 844 of 1,352 leases." */
export function runCountsText(
  run: Pick<AccuracyRun, 'salesTested' | 'salesEstimated' | 'leasesTested' | 'leasesEstimated'>,
): string {
  return `Estimated ${estimatedOfTested(run.salesEstimated, run.salesTested)} sales and ${estimatedOfTested(run.leasesEstimated, run.leasesTested)} leases.`;
}

/** The state in a sentence: "Idle", "Running since Nov 27, 2026 3:04 AM", "Failing since …", "The backtest has not run yet". */
export function accuracyStateSentence(status: Pick<AccuracyStatus, 'state' | 'runs'>): string {
  switch (status.state) {
    case 'never':
      return 'The backtest has not run yet: it runs once the listings are loaded, then every night.';
    case 'running': {
      const run = status.runs.find((r) => r.status === 'running');
      return run ? `Running since ${formatInstant(run.startedAt)}` : 'Running';
    }
    case 'failing': {
      const run = status.runs.find((r) => r.status === 'failed');
      return run ? `Failing since ${formatInstant(run.finishedAt ?? run.startedAt)}` : 'Failing';
    }
    default:
      return 'Idle';
  }
}

/** The last run's failure in words, when the last run failed. */
export function lastFailure(status: Pick<AccuracyStatus, 'state' | 'runs'>): AccuracyRun | null {
  if (status.state !== 'failing') return null;
  return status.runs.find((r) => r.status === 'failed') ?? null;
}

/** The toast when "Run now" is answered. */
export function runAnswerMessage(answer: Pick<AccuracyRunAnswer, 'started'>): string {
  return answer.started ? 'Backtest started' : 'A backtest is already running: following it';
}

/** The run "Run now" waits for: the one under way (its id), or else the first run newer than the newest before the click. */
export type AwaitedBacktest = { id: number } | { after: number | null };

export function awaitedBacktest(answer: AccuracyRunAnswer, newestBefore: number | null): AwaitedBacktest {
  const running = answer.status.runs.find((r) => r.status === 'running');
  if (running && (!answer.started || newestBefore === null || running.id > newestBefore)) return { id: running.id };
  return { after: newestBefore };
}

/** How the awaited run ended, once it has. */
export interface BacktestOutcome {
  ok: boolean;
  message: string;
}

/** The awaited run's outcome when the status shows it ended; null while it is to come or under way. */
export function awaitedBacktestOutcome(awaited: AwaitedBacktest, status: AccuracyStatus): BacktestOutcome | null {
  const run =
    'id' in awaited
      ? status.runs.find((r) => r.id === awaited.id)
      : status.runs.find((r) => awaited.after === null || r.id > awaited.after);
  if (!run || run.status === 'running') return null;
  if (run.status === 'failed') return { ok: false, message: `The backtest failed: ${run.error ?? 'no reason was recorded'}` };
  return { ok: true, message: `Backtest finished in ${accuracyRunDuration(run)}. ${runCountsText(run)}` };
}
