import { MAX_TREND_MONTHS } from '../../../shared/schemas/market-trends';
import { addMonths, monthOf } from '../../../shared/trends';
import { BackgroundWorker, type BackgroundWorkerOptions } from '../../lib/background-worker';
import type { StartupStatus } from '../../lib/startup-status';
import { LISTINGS_CHANNEL, listingChangesVersion } from '../listings';
import { createMarketTrendsRepository } from './repository';

/** How often the worker looks whether the listings changed (PGlite has no notices). */
export const DEFAULT_TRENDS_POLL_MS = 30_000;
/** After a failed rebuild, the next waits this long. */
export const DEFAULT_TRENDS_RETRY_MS = 10 * 60_000;

export interface MarketTrendsWorkerOptions extends BackgroundWorkerOptions {
  /** The start's work: no rebuild before the demo load (or a crash's recomputation) is done. */
  startup: StartupStatus;
}

/**
 * Keeps the market trends' monthly aggregates current (docs/markets.md, "When they are brought up to
 * date"): after an import, a feed sync or the demo load (the listings' change signal, then a
 * fingerprint of the listings, their price history, the sales and the leases against the one the
 * aggregates were built from), and at the first start of a month (this month's figures move on). One
 * server at a time ('market-trends' lock); requests read the aggregates, never wait for them.
 */
export class MarketTrendsWorker extends BackgroundWorker {
  private pausedUntil = 0;
  private seenVersion: number | null = null;
  /** What the last rebuild here did (tests, logs). */
  lastRebuild: { rows: number; ms: number } | null = null;

  constructor(private readonly options: MarketTrendsWorkerOptions) {
    super();
  }

  start(): void {
    this.startLooking(
      this.options.pollMs ?? DEFAULT_TRENDS_POLL_MS,
      () =>
        this.options.database.listen?.(LISTINGS_CHANNEL, {
          onNotice: () => this.kick(),
          onListening: () => this.kick(),
          onLost: () => undefined,
        }) ?? null,
    );
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** The fingerprint to build from when the aggregates are not current; null when they are. */
  private async due(force: boolean): Promise<string | null> {
    const repository = createMarketTrendsRepository(this.options.db);
    const built = await repository.builtFrom();
    const stale = !built || monthOf(built.refreshedAt) !== monthOf(this.now());
    if (!stale && !force) {
      const version = await listingChangesVersion(this.options.db);
      if (version === this.seenVersion) return null;
      this.seenVersion = version;
    }
    const fingerprint = await repository.fingerprint();
    return stale || fingerprint !== built?.fingerprint ? fingerprint : null;
  }

  protected async turn(): Promise<void> {
    const { db, locks, log } = this.options;
    if (this.options.startup.current().state !== 'ready' || Date.now() < this.pausedUntil) return;
    try {
      if ((await this.due(false)) === null || this.stopped) return;
      const started = performance.now();
      const outcome = await locks.tryRun('market-trends', async () => {
        // Another server may have just rebuilt them: look again under the lock.
        const fingerprint = await this.due(true);
        if (fingerprint === null) return null;
        const start = `${addMonths(monthOf(this.now()), 1 - MAX_TREND_MONTHS)}-01`;
        return createMarketTrendsRepository(db).rebuild({ start }, fingerprint);
      });
      if (outcome.ran && outcome.value !== null) {
        const ms = Math.round(performance.now() - started);
        this.lastRebuild = { rows: outcome.value, ms };
        log?.info(`Market trends rebuilt in ${(ms / 1000).toFixed(1)} s: ${outcome.value} market-months`);
      }
    } catch (error) {
      if (this.stopped) return;
      this.pausedUntil = Date.now() + (this.options.retryMs ?? DEFAULT_TRENDS_RETRY_MS);
      log?.error({ err: error }, 'Market trends rebuild failed; the next try is in ten minutes');
    }
  }
}
