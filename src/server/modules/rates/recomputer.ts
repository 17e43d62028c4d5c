import type { FastifyBaseLogger } from 'fastify';
import { countStaleForRate, recomputeForRate } from '../listings';
import type { Db } from '../../db/database';
import { inBackground } from '../../http/busy';

/**
 * Recomputes strategy results after a new 30-year rate, in the background: batches of 2,000
 * listings, each its own statement, yielding to the event loop (setImmediate) between batches so
 * requests keep flowing. A second kick while running makes it go round once more.
 */
export class RateRecomputer {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** Listings rewritten since start (tests, logs). */
  rewritten = 0;
  /** Passes that rewrote listings since start: the version GET /rates/pricing reports. */
  finishedPasses = 0;
  /** The current (or last) pass: listings rewritten of those it found at another rate. */
  private progress = { done: 0, total: 0 };

  constructor(
    private readonly db: Db,
    private readonly log?: FastifyBaseLogger,
    private readonly batchSize = 2000,
  ) {}

  /** Starts (or schedules another) pass; returns at once. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.progress = { done: 0, total: 0 };
    // Outside the request that kicked it: background work waits for the database without a limit.
    this.running = inBackground(() => this.loop()).finally(() => {
      this.running = null;
    });
  }

  /** What the Rates screen shows while listings are re-priced (GET /admin/rates/status). */
  status(): { running: boolean; done: number; total: number } {
    return { running: this.running !== null, ...this.progress };
  }

  /** Resolves when no pass is running or scheduled. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops after the current batch (server shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        const started = Date.now();
        const n = await recomputeForRate(this.db, {
          batchSize: this.batchSize,
          pause: () => new Promise((resolve) => setImmediate(resolve)),
          shouldStop: () => this.stopped,
          onProgress: (p) => {
            this.progress = { done: p.done, total: p.total };
          },
        });
        this.rewritten += n;
        if (n > 0) this.finishedPasses++;
        if (n > 0)
          this.log?.info(`Recomputed strategy results of ${n} listings for the latest rate in ${Date.now() - started} ms`);
      } catch (error) {
        if (!this.stopped) this.log?.error({ err: error }, 'Recomputing strategy results for the latest rate failed');
        return;
      }
    } while (this.again && !this.stopped);
  }

  /** Kicks when some listings were computed at another rate (server start). */
  async kickIfStale(): Promise<void> {
    if ((await countStaleForRate(this.db)) > 0) this.kick();
  }
}

const recomputers = new WeakMap<object, RateRecomputer>();

/** The one recomputer of an app (keyed by its context object). */
export function rateRecomputerFor(key: object, db: Db, log?: FastifyBaseLogger): RateRecomputer {
  let r = recomputers.get(key);
  if (!r) recomputers.set(key, (r = new RateRecomputer(db, log)));
  return r;
}
