import type { FastifyBaseLogger } from 'fastify';
import type { Health, StartupProgress, StartupState } from '../../../shared/schemas/health';
import type { Db } from '../../db/database';
import { yieldToRequests } from '../../http/busy';
import type { StartupStatus } from '../../lib/startup-status';
import { createStartupRepository } from './repository';
import { DEFAULT_DEMO_SEED, loadDemoData, loadDemoHistory } from '../demo-data';
import { createListingsRepository, recomputeDirty } from '../listings';

export const DEMO_LOAD_TASK = 'demo-load';
/** The demo market's past listings, written once the listings are ready (they feed only the trends). */
export const DEMO_HISTORY_TASK = 'demo-history';

export type StartupPlan =
  { kind: 'demo'; listings: number; seed: number } | { kind: 'recompute'; listings: number } | { kind: 'none' };

export interface StartupWorkOptions {
  /** Demo listings for an empty database (DEMO_LISTINGS; 0 = none). */
  demoListings: number;
  demoSeed?: number;
  /** Rows per insert and per recompute batch (a smaller one reports progress more often). */
  batchSize?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /**
   * Several servers on one database: runs the work only where no other server is running it
   * (cluster-lock.ts); the others wait and look again (ANOTHER_SERVER_POLL_MS).
   */
  exclusive?: (work: () => Promise<void>) => Promise<{ ran: boolean }>;
}

/** How often a server whose start-up work another server is doing looks whether it is done. */
export const ANOTHER_SERVER_POLL_MS = 2000;

/**
 * The first start's long work, run in the background after the server listens, and finished after
 * a crash: the demo load is recorded in `startup_tasks` before it starts and marked finished after,
 * so a start that finds it unfinished runs it again (its writes are idempotent upserts); listings a
 * crash left marked `needs_recompute` get their comps, deal status and results. Progress is what
 * GET /healthz answers. After the server is ready, the demo market's past listings are written (a task
 * of their own, recorded before the load is marked finished, so a crash between them loses neither).
 */
export class StartupWork implements StartupStatus {
  private state: StartupState = 'starting';
  private progress: StartupProgress | null = null;
  private stopped = false;
  private running: Promise<void> | null = null;
  private planned: Promise<StartupPlan> | null = null;
  private writingHistory = false;

  constructor(
    private readonly db: Db,
    private readonly options: StartupWorkOptions,
  ) {}

  /** The app's logger, once the app exists. */
  setLog(log: StartupWorkOptions['log']): void {
    this.options.log = log;
  }

  current(): Omit<Health, 'status'> {
    return { state: this.state, progress: this.progress ? { ...this.progress } : null };
  }

  /** Ready, and the demo market's past listings written too (the trends wait for them). */
  settled(): boolean {
    return this.state === 'ready' && !this.writingHistory;
  }

  /** Starts the work once; resolves when it is done (or stopped, or failed: the error is logged). */
  run(): Promise<void> {
    this.running ??= this.workHere().catch((error: unknown) => {
      if (!this.stopped) this.options.log?.error({ err: error }, 'Start-up work failed; it resumes at the next start');
    });
    return this.running;
  }

  /** Stops after the current batch (shutdown); unfinished work resumes at the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  /** What the start has to do (decided once): a demo load, a recompute a crash left, or nothing. */
  plan(): Promise<StartupPlan> {
    this.planned ??= (async (): Promise<StartupPlan> => {
      const demo = await this.pendingDemoLoad();
      if (demo) return { kind: 'demo', ...demo };
      const dirty = await createListingsRepository(this.db).countDirty();
      return dirty > 0 ? { kind: 'recompute', listings: dirty } : { kind: 'none' };
    })();
    return this.planned;
  }

  /** The work, here or — with several servers — by whichever server holds the lock. */
  private async workHere(): Promise<void> {
    const { exclusive } = this.options;
    if (!exclusive) return this.work();
    for (;;) {
      // Planned again under the lock: another server may have done it since this one looked.
      const { ran } = await exclusive(() => {
        this.planned = null;
        return this.work();
      });
      if (ran || this.stopped) return;
      // Another server is loading or computing; once it is done there is nothing left to plan.
      const plan = await this.plan();
      this.state = plan.kind === 'demo' ? 'seeding' : plan.kind === 'recompute' ? 'computing' : 'starting';
      await new Promise((resolve) => setTimeout(resolve, ANOTHER_SERVER_POLL_MS));
      if (this.stopped) return;
    }
  }

  private async work(): Promise<void> {
    const plan = await this.plan();
    const started = Date.now();
    if (plan.kind === 'demo') {
      const demo = { listings: plan.listings, seed: plan.seed };
      this.state = 'seeding';
      await createStartupRepository(this.db).startTask(DEMO_LOAD_TASK, demo);
      const summary = await loadDemoData(this.db, {
        ...demo,
        batchSize: this.options.batchSize,
        recomputeBatchSize: this.options.batchSize,
        shouldStop: () => this.stopped,
        pause: yieldToRequests,
        onProgress: (p) => {
          this.progress = {
            step: p.phase === 'insert' ? 'Loading demo listings' : 'Computing comps and results',
            done: p.done,
            total: p.total,
          };
        },
      });
      if (this.stopped) return;
      await createStartupRepository(this.db).startTask(DEMO_HISTORY_TASK, demo);
      await createStartupRepository(this.db).finishTask(DEMO_LOAD_TASK);
      this.options.log?.info(
        `Demo data loaded: ${summary.listings.toLocaleString('en-US')} listings, ${summary.sold.toLocaleString('en-US')} sold comps, ${summary.leases.toLocaleString('en-US')} leases in ${summary.seconds.toFixed(1)} s`,
      );
    } else if (plan.kind === 'recompute') {
      this.state = 'computing';
      const n = await recomputeDirty(this.db, {
        batchSize: this.options.batchSize,
        shouldStop: () => this.stopped,
        pause: yieldToRequests,
        onProgress: (p) => {
          this.progress = { step: 'Computing comps and results', ...p };
        },
      });
      if (this.stopped) return;
      this.options.log?.info(
        `Comps and results computed for ${n.toLocaleString('en-US')} listings in ${Date.now() - started} ms`,
      );
    }
    this.state = 'ready';
    this.progress = null;
    await this.writeDemoHistory();
  }

  /** The demo market's past listings, when a demo load asked for them and they are not written yet. */
  private async writeDemoHistory(): Promise<void> {
    const task = await createStartupRepository(this.db).findTask(DEMO_HISTORY_TASK);
    if (!task || task.finished_at) return;
    const { listings, seed } = task.params as { listings?: unknown; seed?: unknown };
    if (typeof listings !== 'number' || typeof seed !== 'number') return;
    this.writingHistory = true;
    try {
      const history = await loadDemoHistory(this.db, {
        listings,
        seed,
        batchSize: this.options.batchSize,
        shouldStop: () => this.stopped,
        pause: yieldToRequests,
      });
      if (this.stopped) return;
      await createStartupRepository(this.db).finishTask(DEMO_HISTORY_TASK);
      this.options.log?.info(
        `Demo market history written: ${history.pastListings.toLocaleString('en-US')} past listings in ${history.seconds.toFixed(1)} s`,
      );
    } finally {
      this.writingHistory = false;
    }
  }

  /** The demo load to run: an unfinished one (a crash), or a new one on a database without listings. */
  private async pendingDemoLoad(): Promise<{ listings: number; seed: number } | null> {
    const task = await createStartupRepository(this.db).findTask(DEMO_LOAD_TASK);
    if (task) {
      if (task.finished_at) return null;
      const { listings, seed } = task.params as { listings?: unknown; seed?: unknown };
      if (typeof listings === 'number' && typeof seed === 'number') return { listings, seed };
    }
    if (this.options.demoListings === 0) return null;
    if (await createStartupRepository(this.db).anyListing()) return null;
    return { listings: this.options.demoListings, seed: this.options.demoSeed ?? DEFAULT_DEMO_SEED };
  }
}
