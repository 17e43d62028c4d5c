import type { FastifyBaseLogger } from 'fastify';
import { noteListingsChanged } from './changes';
import { countStaleForRate, recomputeForRate } from './recompute-for-rate';
import type { ClusterLocks } from '../../db/cluster-lock';
import type { Db } from '../../db/database';
import { inBackground, yieldToRequests } from '../../http/busy';
import { recordJobRun } from '../../lib/metrics/job-metrics';
import type { RepriceStatus } from '../../../shared/schemas/rates';
import {
  beginRequestedPass,
  endPass,
  readPricingState,
  recordPassProgress,
  requestRepricing,
  type PricingState,
} from './pricing-state';

/** The running pass writes its progress (and heartbeat) at most this often. */
const PROGRESS_EVERY_MS = 1000;

/**
 * Recomputes strategy results after a new 30-year rate, in the background: batches of 2,000
 * listings, each its own statement, yielding to the event loop (setImmediate) between batches so
 * requests keep flowing.
 *
 * One re-pricer for the whole cluster: a kick on any server records the request in `pricing_state`;
 * whichever server holds the re-pricing lock (cluster-lock.ts) runs passes while one is asked for,
 * writing its progress there, so every server reports the same progress and pricing version. A kick
 * while a pass runs (here or on another server) makes it go round once more. After it lets the lock
 * go, a server looks once more for a request that came meanwhile (another server's kick that found
 * the lock taken).
 */
export class RateRecomputer {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** Listings rewritten by this server since start (tests, logs). */
  rewritten = 0;

  constructor(
    private readonly db: Db,
    private readonly locks: ClusterLocks,
    private readonly log?: FastifyBaseLogger,
    private readonly batchSize = 2000,
  ) {}

  /** Asks for a pass (or another) and starts it here unless another server is running one; returns at once. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    // Outside the request that kicked it: background work waits for the database without a limit.
    this.running = inBackground(async () => {
      await requestRepricing(this.db);
      await this.drive();
    })
      .catch((error: unknown) => {
        if (!this.stopped) this.log?.error({ err: error }, 'Recomputing strategy results for the latest rate failed');
      })
      .finally(() => {
        this.running = null;
      });
  }

  /**
   * What every server reports (GET /admin/rates/status, GET /rates/pricing): a pass running or asked
   * for anywhere (or just kicked here), its progress, and the pricing version.
   */
  async status(): Promise<RepriceStatus & Pick<PricingState, 'version'>> {
    const state = await readPricingState(this.db);
    const running = this.running !== null || state.running || state.requested;
    return { running, done: state.done, total: state.total, version: state.version };
  }

  /** Resolves when no pass is running or scheduled on this server. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops after the current batch (server shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }

  /** Kicks when some listings were computed at another rate, or a pass was asked for and not done (server start). */
  async kickIfStale(): Promise<void> {
    const state = await readPricingState(this.db);
    if ((state.requested && !state.running) || (await countStaleForRate(this.db)) > 0) this.kick();
  }

  private async drive(): Promise<void> {
    do {
      this.again = false;
      const held = await this.locks.tryRun('reprice', () => this.passesWhileAsked());
      // Not held: another server is re-pricing, and finds this request after its pass.
      if (!held.ran) return;
      if (this.again) await requestRepricing(this.db);
      // A kick on another server while this one held the lock may have found it taken.
      if (!this.again && (await readPricingState(this.db)).requested) this.again = true;
    } while (this.again && !this.stopped);
  }

  private async passesWhileAsked(): Promise<void> {
    while (!this.stopped && (await beginRequestedPass(this.db))) {
      const started = Date.now();
      let lastWrite = 0;
      let n = 0;
      let ok = false;
      try {
        n = await recomputeForRate(this.db, {
          batchSize: this.batchSize,
          pause: yieldToRequests,
          shouldStop: () => this.stopped,
          onProgress: (p) => {
            const now = Date.now();
            if (now - lastWrite < PROGRESS_EVERY_MS && p.done < p.total) return;
            lastWrite = now;
            void recordPassProgress(this.db, p.done, p.total).catch((error: unknown) =>
              this.log?.warn({ err: error }, 'Recording the re-pricing progress failed'),
            );
          },
        });
        ok = true;
      } finally {
        recordJobRun('repricer', { startedAt: started, ok, rows: n });
        await endPass(this.db, n > 0);
      }
      if (n > 0) await noteListingsChanged(this.db);
      this.rewritten += n;
      if (n > 0) this.log?.info(`Recomputed strategy results of ${n} listings for the latest rate in ${Date.now() - started} ms`);
      if (this.again) {
        this.again = false;
        await requestRepricing(this.db);
      }
    }
  }
}

const recomputers = new WeakMap<object, RateRecomputer>();

/** The one recomputer of an app (keyed by its context object). */
export function rateRecomputerFor(key: object, db: Db, locks: ClusterLocks, log?: FastifyBaseLogger): RateRecomputer {
  let r = recomputers.get(key);
  if (!r) recomputers.set(key, (r = new RateRecomputer(db, locks, log)));
  return r;
}
