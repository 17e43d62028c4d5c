import type { AccuracyTrigger } from '../../../shared/schemas/accuracy';
import { BackgroundWorker, type BackgroundWorkerOptions } from '../../lib/background-worker';
import { timeJob } from '../../lib/metrics/job-metrics';
import type { StartupStatus } from '../../lib/startup-status';
import { closedRecordsFingerprint, LISTINGS_CHANNEL, listingChangesVersion } from '../listings';
import { BacktestStopped, runAccuracyBacktest, type BacktestRunOptions } from './backtest-run';
import { createAccuracyRepository } from './repository';

/** How often the worker looks whether a backtest is due. */
export const DEFAULT_ACCURACY_POLL_MS = 60_000;
/** After a failed run, the next (but an admin's) waits this long. */
export const DEFAULT_ACCURACY_RETRY_MS = 60 * 60_000;

export interface AccuracyWorkerOptions extends BackgroundWorkerOptions {
  /** ACCURACY_HOUR. */
  hour: number;
  /** The start's work: no backtest before the demo load (or a crash's recomputation) is done. */
  startup: StartupStatus;
  /** Passed to each run (tests and the bench). */
  run?: Pick<BacktestRunOptions, 'yieldToRequests'>;
}

/** The latest nightly time at or before `now`: today's hour:00 in the server's zone, else yesterday's. */
export function latestNightly(now: Date, hour: number): Date {
  const at = new Date(now);
  at.setHours(hour, 0, 0, 0);
  if (at.getTime() > now.getTime()) at.setDate(at.getDate() - 1);
  at.setHours(hour, 0, 0, 0);
  return at;
}

/** The next nightly time after `now`. */
export function nextNightly(now: Date, hour: number): Date {
  const at = latestNightly(now, hour);
  at.setDate(at.getDate() + 1);
  at.setHours(hour, 0, 0, 0);
  return at;
}

/**
 * The estimates' backtest in the background (docs/accuracy.md, "When it runs"): once after the start's
 * work when none has succeeded yet, nightly at ACCURACY_HOUR, and after an import or a feed sync that
 * changed the closed sales or leases (the listings' change signal, then a fingerprint of the records
 * against the one the last run measured). One server at a time ('accuracy' advisory lock); requests
 * never wait for it (it yields to them every few milliseconds).
 */
export class AccuracyWorker extends BackgroundWorker {
  private pausedUntil = 0;
  private seenVersion: number | null = null;
  private adminAsked = false;

  constructor(private readonly options: AccuracyWorkerOptions) {
    super();
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  start(): void {
    this.startOnChannel(this.options.pollMs ?? DEFAULT_ACCURACY_POLL_MS, this.options.database, LISTINGS_CHANNEL);
  }

  /**
   * An admin's "Run now": starts a run unless one is under way here or on another server (then
   * `false`: the caller reports the one under way).
   */
  async runNow(): Promise<boolean> {
    if (this.stopped) return false;
    if (this.turning || (await createAccuracyRepository(this.options.db).runningNow())) return false;
    this.adminAsked = true;
    this.kick();
    return true;
  }

  /** Which run is due now, if any. */
  private async due(): Promise<AccuracyTrigger | null> {
    const { db } = this.options;
    if (this.adminAsked) return 'admin';
    if (Date.now() < this.pausedUntil) return null;
    const repository = createAccuracyRepository(db);
    const last = await repository.latestSucceeded();
    if (!last) return 'start';
    if (last.started_at.getTime() < latestNightly(this.now(), this.options.hour).getTime()) return 'schedule';
    const version = await listingChangesVersion(db);
    if (version === this.seenVersion) return null;
    this.seenVersion = version;
    return (await closedRecordsFingerprint(db)) === last.fingerprint ? null : 'data';
  }

  protected async turn(): Promise<void> {
    const { db, locks, log } = this.options;
    if (this.options.startup.current().state !== 'ready') return;
    let trigger: AccuracyTrigger | null = null;
    try {
      trigger = await this.due();
      if (!trigger || this.stopped) return;
      this.adminAsked = false;
      const chosen = trigger;
      const started = performance.now();
      const outcome = await locks.tryRun('accuracy', async () => {
        // Another server may have just finished one: look again under the lock (an admin's runs anyway).
        if (chosen !== 'admin' && (await this.due()) === null) return null;
        return timeJob(
          'accuracy',
          () => runAccuracyBacktest(db, chosen, { ...this.options.run, shouldStop: () => this.stopped }),
          ({ result }) => result.counts.value.tested + result.counts.rent.tested,
        );
      });
      if (outcome.ran && outcome.value) {
        const { counts } = outcome.value.result;
        log?.info(
          `Accuracy backtest (${chosen}) done in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
            `${counts.value.estimated} of ${counts.value.tested} sales and ${counts.rent.estimated} of ${counts.rent.tested} leases estimated`,
        );
      }
    } catch (error) {
      if (this.stopped || error instanceof BacktestStopped) return;
      this.pausedUntil = Date.now() + (this.options.retryMs ?? DEFAULT_ACCURACY_RETRY_MS);
      log?.error(
        { err: error },
        `Accuracy backtest${trigger ? ` (${trigger})` : ''} failed; the next try is in an hour or at "Run now"`,
      );
    }
  }
}
