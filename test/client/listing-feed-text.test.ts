import {
  awaitedOutcome,
  awaitedRun,
  feedPollInterval,
  feedStateSentence,
  FEED_POLL_IDLE_MS,
  FEED_POLL_SYNCING_MS,
  formatDuration,
  nextSyncText,
  progressPercent,
  runCounts,
  runDuration,
  syncAnswerMessage,
} from '../../src/client/features/admin-settings/listing-feed-text';
import { formatInstant } from '../../src/client/features/admin-settings/format-instant';
import type { ListingFeedRun, ListingFeedStatus } from '../../src/shared/schemas/listing-feed';

/** An instant given in the test machine's own time zone, so the expected text does not depend on it. */
const local = (y: number, month: number, d: number, h: number, m: number, s = 0) =>
  new Date(y, month - 1, d, h, m, s).toISOString();

const status = (overrides: Partial<ListingFeedStatus> = {}): ListingFeedStatus => ({
  configured: true,
  serviceUrl: 'https://api.example-mls.com/reso/odata',
  state: 'idle',
  progress: null,
  failingSince: null,
  lastError: null,
  lastSuccessAt: null,
  lastReconciledAt: null,
  nextSyncAt: null,
  syncMinutes: 15,
  cursor: null,
  runs: [],
  ...overrides,
});

const run = (overrides: Partial<ListingFeedRun> = {}): ListingFeedRun => ({
  id: 1,
  kind: 'incremental',
  trigger: 'admin',
  startedAt: local(2026, 11, 27, 3, 4),
  finishedAt: local(2026, 11, 27, 3, 5, 12),
  rows: 5000,
  added: 120,
  updated: 4870,
  rejected: 3,
  offMarket: 7,
  error: null,
  ...overrides,
});

describe('formatInstant', () => {
  it('shows a moment as the admin screens do, in the local time zone', () => {
    expect(formatInstant(local(2026, 11, 27, 3, 4))).toBe('Nov 27, 2026 3:04 AM');
    expect(formatInstant(local(2026, 1, 5, 15, 30))).toBe('Jan 5, 2026 3:30 PM');
  });
  it("says 'Never' (or what it is told) for no moment", () => {
    expect(formatInstant(null)).toBe('Never');
    expect(formatInstant(undefined, '—')).toBe('—');
  });
});

describe('feedStateSentence', () => {
  it('names the quiet states', () => {
    expect(feedStateSentence(status({ state: 'idle' }))).toBe('Idle');
    expect(feedStateSentence(status({ state: 'off', configured: false }))).toBe('Not configured');
  });
  it('counts a run under way, with its total when the server counted the rows', () => {
    expect(feedStateSentence(status({ state: 'syncing', progress: { done: 1200, total: 5000 } }))).toBe('Syncing 1,200 of 5,000');
    expect(feedStateSentence(status({ state: 'syncing', progress: { done: 1200, total: null } }))).toBe(
      'Syncing: 1,200 rows so far',
    );
    expect(feedStateSentence(status({ state: 'syncing', progress: { done: 1, total: null } }))).toBe('Syncing: 1 row so far');
    expect(feedStateSentence(status({ state: 'syncing', progress: null }))).toBe('Syncing');
  });
  it('says since when the feed fails', () => {
    expect(feedStateSentence(status({ state: 'failing', failingSince: local(2026, 11, 27, 3, 4) }))).toBe(
      'Failing since Nov 27, 2026 3:04 AM',
    );
    expect(feedStateSentence(status({ state: 'failing' }))).toBe('Failing');
  });
});

describe('progressPercent', () => {
  it('is the share done, rounded down and capped, or null without a total', () => {
    expect(progressPercent({ done: 1200, total: 5000 })).toBe(24);
    expect(progressPercent({ done: 4999, total: 5000 })).toBe(99);
    expect(progressPercent({ done: 6000, total: 5000 })).toBe(100);
    expect(progressPercent({ done: 0, total: 0 })).toBe(100);
    expect(progressPercent({ done: 10, total: null })).toBeNull();
    expect(progressPercent(null)).toBeNull();
  });
});

describe('feedPollInterval', () => {
  it('polls fast while syncing or awaiting a run, slowly when idle or failing, never when off', () => {
    expect(feedPollInterval(status({ state: 'syncing' }), false)).toBe(FEED_POLL_SYNCING_MS);
    expect(feedPollInterval(status({ state: 'idle' }), true)).toBe(FEED_POLL_SYNCING_MS);
    expect(feedPollInterval(status({ state: 'idle' }), false)).toBe(FEED_POLL_IDLE_MS);
    expect(feedPollInterval(status({ state: 'failing' }), false)).toBe(FEED_POLL_IDLE_MS);
    expect(feedPollInterval(status({ state: 'off' }), false)).toBe(0);
    expect(feedPollInterval(undefined, false)).toBe(0);
    expect(FEED_POLL_SYNCING_MS).toBeLessThan(FEED_POLL_IDLE_MS);
  });
});

describe('nextSyncText', () => {
  it('gives the next run and the schedule', () => {
    expect(nextSyncText(status({ nextSyncAt: local(2026, 11, 27, 3, 19) }))).toBe('Nov 27, 2026 3:19 AM (every 15 minutes)');
    expect(nextSyncText(status({ nextSyncAt: local(2026, 11, 27, 3, 19), syncMinutes: 1 }))).toBe(
      'Nov 27, 2026 3:19 AM (every minute)',
    );
    expect(nextSyncText(status())).toBe('—');
  });
});

describe('durations', () => {
  it('reads at a glance', () => {
    expect(formatDuration(850)).toBe('< 1 s');
    expect(formatDuration(42_400)).toBe('42 s');
    expect(formatDuration(184_000)).toBe('3 min 4 s');
    expect(formatDuration(180_000)).toBe('3 min');
    expect(formatDuration(3_900_000)).toBe('1 h 5 min');
    expect(formatDuration(7_200_000)).toBe('2 h');
    expect(formatDuration(Number.NaN)).toBe('< 1 s');
  });
  it('of a run: from start to end, or running, or interrupted', () => {
    expect(runDuration(run(), false)).toBe('1 min 12 s');
    expect(runDuration(run({ finishedAt: null }), true)).toBe('Running');
    expect(runDuration(run({ finishedAt: null }), false)).toBe('Interrupted');
  });
});

describe('run counts and the Sync now toasts', () => {
  it('counts what a run did', () => {
    expect(runCounts(run())).toBe('Read 5,000 rows: 120 added, 4,870 updated, 3 rejected, 7 off market.');
    expect(runCounts(run({ rows: 1, added: 1, updated: 0, rejected: 0, offMarket: 0 }))).toBe(
      'Read 1 row: 1 added, 0 updated, 0 rejected, 0 off market.',
    );
  });

  it('answers the click', () => {
    expect(syncAnswerMessage({ started: true })).toBe('Sync started');
    expect(syncAnswerMessage({ started: false })).toBe('A sync is already running: following it');
  });

  it('follows the run under way when the answer came', () => {
    const going = run({ id: 8, finishedAt: null });
    const awaited = awaitedRun({ started: true, status: status({ state: 'syncing', runs: [going, run({ id: 7 })] }) }, 7);
    expect(awaited).toEqual({ id: 8 });
    expect(awaitedOutcome(awaited, status({ state: 'syncing', runs: [going, run({ id: 7 })] }))).toBeNull();
    expect(awaitedOutcome(awaited, status({ state: 'idle', runs: [run({ id: 8 }), run({ id: 7 })] }))).toEqual({
      ok: true,
      message: 'Sync finished. Read 5,000 rows: 120 added, 4,870 updated, 3 rejected, 7 off market.',
    });
    expect(
      awaitedOutcome(awaited, status({ state: 'failing', runs: [run({ id: 8, error: 'The MLS answered 503 three times' })] })),
    ).toEqual({ ok: false, message: 'The sync failed: The MLS answered 503 three times' });
  });

  it('waits for a run newer than the newest before the click when none was under way yet', () => {
    const awaited = awaitedRun({ started: true, status: status({ state: 'idle', runs: [run({ id: 7 })] }) }, 7);
    expect(awaited).toEqual({ after: 7 });
    expect(awaitedOutcome(awaited, status({ runs: [run({ id: 7 })] }))).toBeNull();
    expect(awaitedOutcome(awaited, status({ runs: [run({ id: 9 }), run({ id: 7 })] }))?.ok).toBe(true);
    // The feed's first run ever.
    const first = awaitedRun({ started: true, status: status({ state: 'idle' }) }, null);
    expect(awaitedOutcome(first, status())).toBeNull();
    expect(awaitedOutcome(first, status({ runs: [run({ id: 1 })] }))?.ok).toBe(true);
  });

  it('reports a run whose server stopped mid-run once the feed is no longer syncing', () => {
    const awaited = { id: 8 };
    expect(awaitedOutcome(awaited, status({ state: 'syncing', runs: [run({ id: 8, finishedAt: null })] }))).toBeNull();
    expect(awaitedOutcome(awaited, status({ state: 'idle', runs: [run({ id: 8, finishedAt: null })] }))).toEqual({
      ok: false,
      message: 'The sync stopped before it finished (its server stopped); the next run resumes from the cursor.',
    });
  });
});
