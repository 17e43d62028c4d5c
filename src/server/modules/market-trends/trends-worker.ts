import { MAX_TREND_MONTHS } from '../../../shared/schemas/market-trends';
import { addMonths, monthOf } from '../../../shared/trends';
import { BackgroundWorker, type BackgroundWorkerOptions } from '../../lib/background-worker';
import { timeJob } from '../../lib/metrics/job-metrics';
import type { StartupStatus } from '../../lib/startup-status';
import { LISTINGS_CHANNEL, listingChangesVersion } from '../listings';
import { createMarketTrendsRepository, LOCK_NOT_AVAILABLE } from './repository';

/** How often the worker looks whether the listings changed (PGlite has no notices). */
export const DEFAULT_TRENDS_POLL_MS = 30_000;
/** After a failed rebuild, the next waits this long. */
export const DEFAULT_TRENDS_RETRY_MS = 10 * 60_000;

/** Records written this long before the last rebuild began count as changed after it (a transaction then open). */
export const DEFAULT_CHANGE_MARGIN_MS = 5 * 60_000;

/**
 * True when every month is to be rebuilt: a table holds fewer records than when the figures were built
 * (a delete), or the first listings came (the listings' figures start with them).
 */
function rebuildAll(now: string, before: string): boolean {
  const counts = (print: string) => print.split(';').map((part) => Number(part.split(',')[0]));
  const [a, b] = [counts(now), counts(before)];
  return a.some((n, i) => n < (b[i] ?? 0)) || (b[0] === 0 && a[0] > 0);
}

export interface MarketTrendsWorkerOptions extends BackgroundWorkerOptions {
  /** The start's work: no rebuild before the demo load (and its market's history) or a crash's recomputation is done. */
  startup: StartupStatus;
  /** DEFAULT_CHANGE_MARGIN_MS unless set (tests). */
  changeMarginMs?: number;
}

/**
 * Keeps the market trends' monthly aggregates current (docs/markets.md, "When they are brought up to
 * date"): after an import, a feed sync or the demo load (the listings' change signal, then a
 * fingerprint of the listings, their price history, the sales and the leases against the one the
 * aggregates were built from), and at the first look of a month (this month's figures start). Only
 * the months from the first one a change can move are rebuilt (all of them after a delete). One
 * server at a time ('market-trends' lock); requests read the aggregates, never wait for them.
 */
export class MarketTrendsWorker extends BackgroundWorker {
  private pausedUntil = 0;
  private seenVersion: number | null = null;
  /** What the last rebuild here did (tests, logs). */
  lastRebuild: { rows: number; start: string; ms: number } | null = null;

  constructor(private readonly options: MarketTrendsWorkerOptions) {
    super();
  }

  start(): void {
    this.startOnChannel(this.options.pollMs ?? DEFAULT_TRENDS_POLL_MS, this.options.database, LISTINGS_CHANNEL);
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** What to build when the aggregates are not current (the fingerprint, from which month); null when they are. */
  private async due(force: boolean): Promise<{ fingerprint: string; start: string; builtAt?: number } | null> {
    const repository = createMarketTrendsRepository(this.options.db);
    const built = await repository.builtFrom();
    const builtAt = built?.refreshedAt.getTime();
    const thisMonth = monthOf(this.now());
    const newMonth = !built || monthOf(built.refreshedAt) !== thisMonth;
    if (!newMonth && !force) {
      const version = await listingChangesVersion(this.options.db);
      if (version === this.seenVersion) return null;
      this.seenVersion = version;
    }
    const fingerprint = await repository.fingerprint();
    if (!newMonth && fingerprint === built?.fingerprint) return null;
    const full = `${addMonths(thisMonth, 1 - MAX_TREND_MONTHS)}-01`;
    if (!built || rebuildAll(fingerprint, built.fingerprint)) return { fingerprint, start: full, builtAt };
    // Only the months what changed can move; a record written while the last rebuild ran counts too.
    const changed = await repository.firstChangedMonth(
      new Date(built.refreshedAt.getTime() - (this.options.changeMarginMs ?? DEFAULT_CHANGE_MARGIN_MS)),
    );
    const from = [changed ?? `${thisMonth}-01`, newMonth ? `${monthOf(built.refreshedAt)}-01` : `${thisMonth}-01`].sort()[0];
    return { fingerprint, start: from < full ? full : from, builtAt };
  }

  protected async turn(): Promise<void> {
    const { db, locks, log } = this.options;
    const { startup } = this.options;
    if (startup.current().state !== 'ready' || startup.settled?.() === false || Date.now() < this.pausedUntil) return;
    try {
      const seen = await this.due(false);
      if (seen === null || this.stopped) return;
      const started = performance.now();
      const outcome = await locks.tryRun('market-trends', async () => {
        // Another server may have just rebuilt them: look again under the lock, from scratch only when
        // the aggregates changed since the first look (the fingerprint reads every record's table).
        const built = await createMarketTrendsRepository(db).builtFrom();
        const work = built?.refreshedAt.getTime() === seen.builtAt ? seen : await this.due(true);
        if (work === null) return null;
        const rows = await timeJob(
          'market-trends',
          () => createMarketTrendsRepository(db).rebuild({ start: work.start }, work.fingerprint),
          (n) => n,
        );
        return { rows, start: work.start };
      });
      if (outcome.ran && outcome.value !== null) {
        const ms = Math.round(performance.now() - started);
        this.lastRebuild = { ...outcome.value, ms };
        log?.info(
          `Market trends from ${outcome.value.start.slice(0, 7)} rebuilt in ${(ms / 1000).toFixed(1)} s: ${outcome.value.rows} market-months`,
        );
      }
    } catch (error) {
      if (this.stopped) return;
      // Look at the data again next time: the change that asked for this rebuild is still to take in.
      this.seenVersion = null;
      if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) {
        log?.info('Market trends rebuild gave way to an import holding the listings; it runs again at the next look');
        return;
      }
      this.pausedUntil = Date.now() + (this.options.retryMs ?? DEFAULT_TRENDS_RETRY_MS);
      log?.error({ err: error }, 'Market trends rebuild failed; the next try is in ten minutes');
    }
  }
}
