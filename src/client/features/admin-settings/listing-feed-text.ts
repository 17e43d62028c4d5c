import { formatInteger } from '../../../shared/format';
import type {
  ListingFeedRun,
  ListingFeedRunKind,
  ListingFeedState,
  ListingFeedStatus,
  ListingFeedSyncAnswer,
  ListingFeedTrigger,
} from '../../../shared/schemas/listing-feed';
import { formatInstant } from './format-instant';

/**
 * What the admin "Listing feed" section says about the MLS feed (issue 30): pure functions of the
 * status GET /admin/listing-feed answers, kept apart from the components so they are tested alone.
 */

/** How often the section asks for the status while a run is under way (or one the admin started is awaited). */
export const FEED_POLL_SYNCING_MS = 2000;
/** How often otherwise, so a scheduled run shows up without a reload. */
export const FEED_POLL_IDLE_MS = 30_000;

/** The variables the server reads (docs/listings.md, "Connecting an MLS"), as the not-configured state lists them. */
export const FEED_VARIABLES: ReadonlyArray<{ names: string[]; what: string }> = [
  {
    names: ['RESO_API_URL'],
    what: 'the service root of the MLS’s RESO Web API, e.g. https://api.example-mls.com/reso/odata',
  },
  {
    names: ['RESO_TOKEN_URL', 'RESO_CLIENT_ID', 'RESO_CLIENT_SECRET'],
    what: 'its OAuth2 token endpoint and the client credentials the MLS issued',
  },
  { names: ['RESO_BEARER_TOKEN'], what: 'or, instead of those three, a fixed token' },
  { names: ['RESO_SYNC_MINUTES'], what: 'minutes between runs that fetch what changed (default 15)' },
  { names: ['RESO_FILTER'], what: 'optional: an OData filter added to every query, e.g. a county or a list of cities' },
  {
    names: ['RESO_RECONCILE_MAX_SHARE'],
    what: 'optional: the largest share of the listed listings the daily reconciliation may take off the map (0.2); more is held back',
  },
];

export const STATE_LABELS: Record<ListingFeedState, string> = {
  off: 'Not configured',
  idle: 'Idle',
  syncing: 'Syncing',
  failing: 'Failing',
};

export const RUN_KIND_LABELS: Record<ListingFeedRunKind, string> = {
  full: 'Full',
  incremental: 'Incremental',
  reconcile: 'Reconciliation',
};

export const TRIGGER_LABELS: Record<ListingFeedTrigger, string> = { schedule: 'Schedule', admin: 'Sync now' };

/** 'Idle', 'Syncing 1,200 of 5,000', 'Syncing: 1,200 rows so far', 'Failing since Nov 27, 2026 3:04 AM'. */
export function feedStateSentence(status: Pick<ListingFeedStatus, 'state' | 'progress' | 'failingSince'>): string {
  switch (status.state) {
    case 'syncing': {
      const { progress } = status;
      if (!progress) return 'Syncing';
      if (progress.total === null) return `Syncing: ${rows(progress.done)} so far`;
      return `Syncing ${formatInteger(progress.done)} of ${formatInteger(progress.total)}`;
    }
    case 'failing':
      return status.failingSince ? `Failing since ${formatInstant(status.failingSince)}` : 'Failing';
    default:
      return STATE_LABELS[status.state];
  }
}

/** The share of a run done, 0–100, when the server counted its rows; null when it cannot be known. */
export function progressPercent(progress: ListingFeedStatus['progress']): number | null {
  if (!progress || progress.total === null) return null;
  if (progress.total <= 0) return 100;
  return Math.min(100, Math.floor((progress.done / progress.total) * 100));
}

/** How often to ask for the status: fast while a run goes (or one is awaited), slowly when idle or failing, never when off. */
export function feedPollInterval(status: Pick<ListingFeedStatus, 'state'> | undefined, awaiting: boolean): number {
  if (awaiting || status?.state === 'syncing') return FEED_POLL_SYNCING_MS;
  if (!status || status.state === 'off') return 0;
  return FEED_POLL_IDLE_MS;
}

/** 'Nov 27, 2026 3:19 AM (every 15 minutes)'; '—' when nothing is scheduled. */
export function nextSyncText(status: Pick<ListingFeedStatus, 'nextSyncAt' | 'syncMinutes'>): string {
  if (!status.nextSyncAt) return '—';
  const every = status.syncMinutes === 1 ? 'every minute' : `every ${status.syncMinutes} minutes`;
  return `${formatInstant(status.nextSyncAt)} (${every})`;
}

/** A span of time, coarse enough to read at a glance: '< 1 s', '42 s', '3 min 4 s', '1 h 5 min'. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 1000) return '< 1 s';
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

/**
 * A run's duration; one without an end is 'Running' while the feed syncs and it is the newest run,
 * else 'Interrupted' (its server stopped mid-run).
 */
export function runDuration(run: Pick<ListingFeedRun, 'startedAt' | 'finishedAt'>, running: boolean): string {
  if (!run.finishedAt) return running ? 'Running' : 'Interrupted';
  return formatDuration(Date.parse(run.finishedAt) - Date.parse(run.startedAt));
}

const rows = (n: number) => `${formatInteger(n)} ${n === 1 ? 'row' : 'rows'}`;

/** 'Read 5,000 rows: 120 added, 4,870 updated, 3 rejected, 7 off market.' */
export function runCounts(run: Pick<ListingFeedRun, 'rows' | 'added' | 'updated' | 'rejected' | 'offMarket'>): string {
  const counts = [
    `${formatInteger(run.added)} added`,
    `${formatInteger(run.updated)} updated`,
    `${formatInteger(run.rejected)} rejected`,
    `${formatInteger(run.offMarket)} off market`,
  ];
  return `Read ${rows(run.rows)}: ${counts.join(', ')}.`;
}

/** The toast when "Sync now" is answered: a run started, or the one already under way is followed. */
export function syncAnswerMessage(answer: Pick<ListingFeedSyncAnswer, 'started'>): string {
  return answer.started ? 'Sync started' : 'A sync is already running: following it';
}

/**
 * The run "Sync now" waits for: the one under way when the answer came (its id), or else the first
 * run newer than the newest one before the click (`after`, null when there was none).
 */
export type AwaitedRun = { id: number } | { after: number | null };

export function awaitedRun(answer: ListingFeedSyncAnswer, newestBefore: number | null): AwaitedRun {
  const running = answer.status.state === 'syncing' ? answer.status.runs.find((r) => r.finishedAt === null) : undefined;
  return running ? { id: running.id } : { after: newestBefore };
}

/** How the awaited run ended, once it has: a success with its counts, or its error. */
export interface RunOutcome {
  ok: boolean;
  message: string;
}

/** The awaited run's outcome when the status shows it ended; null while it is still to come or under way. */
export function awaitedOutcome(awaited: AwaitedRun, status: ListingFeedStatus): RunOutcome | null {
  const run =
    'id' in awaited
      ? status.runs.find((r) => r.id === awaited.id)
      : status.runs.find((r) => awaited.after === null || r.id > awaited.after);
  if (!run) return null;
  if (run.finishedAt === null) {
    if (status.state === 'syncing') return null;
    return {
      ok: false,
      message: 'The sync stopped before it finished (its server stopped); the next run resumes from the cursor.',
    };
  }
  if (run.error) return { ok: false, message: `The sync failed: ${run.error}` };
  return { ok: true, message: `Sync finished. ${runCounts(run)}` };
}
