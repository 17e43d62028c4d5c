import type { ListingFeedRunKind, ListingFeedStatus, ListingFeedTrigger } from '../../../shared/schemas/listing-feed';
import type { ClusterLocks } from '../../db/cluster-lock';
import type { Db } from '../../db/database';
import { inBackground, yieldToRequests } from '../../http/busy';
import { recordJobRun } from '../../lib/metrics/job-metrics';
import type { ResoFeedConfig } from '../../lib/reso-feed-config';
import { afterFeedWrite, type AfterFeedWriteOptions } from '../feed-import';
import { noteReconciliation } from './feed-metrics';
import { fieldsToSelect, propertyFieldsOf } from './odata';
import { createListingFeedRepository, RUN_STALE_MS, STOPPED, type FeedState } from './repository';
import { DEFAULT_REQUEST_TIMEOUT_MS, ResoClient, ResoError, type RetryPolicy } from './reso-client';
import { ReconciliationHeldBack, reconcile, replicate, RunStopped, type FeedLog, type RunContext } from './sync';

/** Rows asked per page: a transaction each (PGlite serves requests between them). */
export const DEFAULT_PAGE_SIZE = 1000;
/** The reconciliation runs after a sync once this long has passed since the last one. */
export const RECONCILE_EVERY_MS = 24 * 60 * 60 * 1000;
/** The $metadata's fields are read again after this long. */
const FIELDS_TTL_MS = 24 * 60 * 60 * 1000;
const RUNS_SHOWN = 10;
/** How often a long recomputation says the run is alive (well within RUN_STALE_MS). */
const HEARTBEAT_MS = 30_000;

export interface ListingFeedOptions {
  db: Db;
  /** One run at a time in the whole cluster. */
  locks: ClusterLocks;
  config: ResoFeedConfig;
  log?: FeedLog;
  /** Start the schedule with the app (off in tests that run syncs themselves). */
  schedule?: boolean;
  pageSize?: number;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  reconcileEveryMs?: number;
  /** Between pages and recomputation batches (default: a turn of the event loop). */
  pause?: () => Promise<void>;
}

/** What /healthz and the admin screen ask of the feed (also when none is configured). */
export interface ListingFeedReporter {
  status(options?: { runs?: boolean }): Promise<ListingFeedStatus>;
}

/** The status without a feed: RESO_API_URL unset. */
export const FEED_OFF: ListingFeedStatus = {
  configured: false,
  serviceUrl: null,
  state: 'off',
  progress: null,
  failingSince: null,
  lastError: null,
  lastSuccessAt: null,
  lastReconciledAt: null,
  nextSyncAt: null,
  syncMinutes: 0,
  cursor: null,
  runs: [],
};

export const noListingFeed: ListingFeedReporter = { status: async () => FEED_OFF };

/** An error in words for the admin screen. */
function describe(error: unknown): string {
  if (error instanceof ResoError || error instanceof RunStopped || error instanceof ReconciliationHeldBack) return error.message;
  const e = error as Error;
  return e?.message ? `The sync failed: ${e.message}` : String(error);
}

/**
 * The MLS listing feed (issue 30): every RESO_SYNC_MINUTES (and once when the server is ready) it
 * replicates what changed since the cursor, and once a day reconciles the active listings. One run
 * at a time in the cluster (the 'listing-feed' advisory lock); a scheduled run is skipped when
 * another server ran one within the interval. The work runs in the background, outside any
 * request's wait limits, yielding between pages; the state lives in the database, so every server
 * reports it. docs/listings.md, "Connecting an MLS".
 */
export class ListingFeed implements ListingFeedReporter {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly abort = new AbortController();
  private stopped = false;
  private nextAt: Date | null = null;
  private fields: { list: string[]; at: number } | null = null;
  private readonly client: ResoClient;

  constructor(private readonly options: ListingFeedOptions) {
    const { config } = options;
    this.client = new ResoClient({
      apiUrl: config.apiUrl,
      tokenUrl: config.tokenUrl,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      bearerToken: config.bearerToken,
      timeoutMs: options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      retry: options.retry,
      signal: this.abort.signal,
      onRetry: (message) => options.log?.warn(`Listing feed: ${message}`),
    });
  }

  get serviceUrl(): string {
    return this.options.config.apiUrl;
  }

  private get intervalMs(): number {
    return this.options.config.syncMinutes * 60_000;
  }

  /** Syncs now (if due), then every RESO_SYNC_MINUTES. */
  start(): void {
    if (this.stopped || this.timer || this.options.schedule === false) return;
    this.timer = setInterval(() => {
      this.nextAt = new Date(Date.now() + this.intervalMs);
      void this.readHeldBack();
      void this.sync('schedule', { ifDue: true });
    }, this.intervalMs);
    this.timer.unref();
    this.nextAt = new Date(Date.now() + this.intervalMs);
    void this.readHeldBack();
    void this.sync('schedule', { ifDue: true });
  }

  /**
   * The held-back gauge from the runs: every server of a cluster reports the last reconciliation,
   * whichever ran it (a gauge set only by the server that ran it would keep a stale 1 elsewhere).
   */
  private async readHeldBack(): Promise<void> {
    try {
      const heldBack = await createListingFeedRepository(this.options.db).lastReconciliationHeldBack();
      if (heldBack !== null) noteReconciliation(heldBack);
    } catch {
      // The next tick reads it again; the runs themselves report a failing database.
    }
  }

  /**
   * A sync (and the reconciliation when a day has passed since the last), in the background; a call
   * while one runs here joins it. Never rejects: failures are recorded in the run and the feed's row.
   * `ifDue`: skipped when a sync started within the interval (on any server); `reconcile`: reconcile
   * after it whenever it was last done.
   */
  sync(
    trigger: ListingFeedTrigger,
    { ifDue = false, reconcile = false }: { ifDue?: boolean; reconcile?: boolean } = {},
  ): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.running ??= inBackground(async () => {
      try {
        await this.options.locks.tryRun('listing-feed', () => this.runLocked(trigger, ifDue, reconcile));
      } catch (error) {
        this.options.log?.error({ err: error }, 'Listing feed: the run could not be recorded');
      }
    }).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * "Sync now": starts a run unless one is under way (here, or on another server by the feed's
   * heartbeat). Returns whether it started one.
   */
  async syncNow(): Promise<boolean> {
    if (this.running) return false;
    if ((await this.underWayElsewhere()) !== null) return false;
    void this.sync('admin');
    return true;
  }

  /** Resolves when no run is going on in this process. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Clears the schedule and ends a run in flight after the page being written (app close). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.nextAt = null;
    this.abort.abort();
    await this.idle();
  }

  async status({ runs = true }: { runs?: boolean } = {}): Promise<ListingFeedStatus> {
    const repository = createListingFeedRepository(this.options.db);
    const state = await repository.read();
    const mine = state && state.service_url === this.serviceUrl ? state : null;
    const current = await this.underWayElsewhere(state);
    const syncing = this.running !== null || current !== null;
    return {
      configured: true,
      serviceUrl: this.serviceUrl,
      state: syncing ? 'syncing' : mine?.failing_since ? 'failing' : 'idle',
      progress: syncing && current ? { done: current.rows, total: current.total } : syncing ? { done: 0, total: null } : null,
      failingSince: mine?.failing_since?.toISOString() ?? null,
      lastError: mine?.last_error ?? null,
      lastSuccessAt: mine?.last_success_at?.toISOString() ?? null,
      lastReconciledAt: mine?.last_reconciled_at?.toISOString() ?? null,
      nextSyncAt: this.nextAt?.toISOString() ?? null,
      syncMinutes: this.options.config.syncMinutes,
      cursor:
        mine?.cursor_modified_at && mine.cursor_listing_key
          ? { modifiedAt: new Date(mine.cursor_modified_at).toISOString(), listingKey: mine.cursor_listing_key }
          : null,
      runs: runs ? await repository.lastRuns(RUNS_SHOWN) : [],
    };
  }

  /** The unfinished run whose server is still writing (its heartbeat is recent), if any. */
  private async underWayElsewhere(known?: FeedState | null) {
    const repository = createListingFeedRepository(this.options.db);
    const state = known === undefined ? await repository.read() : known;
    const current = await repository.currentRun();
    if (!current) return null;
    if (this.running) return current;
    const beat = state?.heartbeat_at?.getTime() ?? 0;
    return Date.now() - beat < RUN_STALE_MS ? current : null;
  }

  private context(): RunContext {
    return {
      db: this.options.db,
      client: this.client,
      select: [],
      filter: this.options.config.filter,
      pageSize: this.options.pageSize ?? DEFAULT_PAGE_SIZE,
      log: this.options.log,
      pause: this.options.pause ?? yieldToRequests,
      shouldStop: () => this.stopped,
      maxTakeOffShare: this.options.config.reconcileMaxShare,
    };
  }

  /** The run, holding the feed's lock. */
  private async runLocked(trigger: ListingFeedTrigger, ifDue: boolean, forceReconcile: boolean): Promise<void> {
    const { db, config, log } = this.options;
    const repository = createListingFeedRepository(db);
    if (ifDue && !(await this.due())) return;
    await repository.closeAbandonedRuns();
    const state = await repository.prepare(config.apiUrl, config.filter ?? null);
    const after =
      state.cursor_modified_at && state.cursor_listing_key
        ? { modifiedAt: state.cursor_modified_at, listingKey: state.cursor_listing_key }
        : null;
    const kind: ListingFeedRunKind = after ? 'incremental' : 'full';
    const ok = await this.run(kind, trigger, async (ctx, runId) => {
      const wrote = await replicate(ctx, runId, after);
      if (wrote && !this.stopped) await afterFeedWrite(db, this.afterWriteOptions(ctx));
    });
    if (!ok || this.stopped) return;
    const reconciled = (await repository.read())?.last_reconciled_at?.getTime() ?? 0;
    if (forceReconcile || Date.now() - reconciled >= (this.options.reconcileEveryMs ?? RECONCILE_EVERY_MS)) {
      await this.run('reconcile', trigger, async (ctx, runId) => {
        if ((await reconcile(ctx, runId)) && !this.stopped) await afterFeedWrite(db, this.afterWriteOptions(ctx));
      });
    }
    log?.info(`Listing feed: ${kind} sync done`);
  }

  /**
   * The recomputation after a run's writes, yielding as the pages did; its progress keeps the feed's
   * heartbeat going (a long one would otherwise look like a dead server's run to the others).
   */
  private afterWriteOptions(ctx: RunContext): AfterFeedWriteOptions {
    const repository = createListingFeedRepository(this.options.db);
    let beat = Date.now();
    return {
      pause: ctx.pause,
      shouldStop: ctx.shouldStop,
      onRecomputeProgress: () => {
        if (Date.now() - beat < HEARTBEAT_MS) return;
        beat = Date.now();
        repository.heartbeat().catch(() => undefined);
      },
    };
  }

  /**
   * One run: recorded from start to end, its error in words, and in the metrics (a held-back
   * reconciliation is a failed run there too; one the app's stop cut short is neither). Returns
   * whether it worked.
   */
  private async run(
    kind: ListingFeedRunKind,
    trigger: ListingFeedTrigger,
    work: (ctx: RunContext, runId: number) => Promise<void>,
  ): Promise<boolean> {
    const repository = createListingFeedRepository(this.options.db);
    const startedAt = Date.now();
    const runId = await repository.startRun(kind, trigger);
    let written = 0;
    const ctx = { ...this.context(), onWritten: (rows: number) => (written += rows) };
    try {
      ctx.select = await this.selectFields();
      await work(ctx, runId);
      await repository.finishRun(runId, null);
      recordJobRun('listing-feed', { startedAt, ok: true, rows: written });
      if (kind === 'reconcile') noteReconciliation(false);
      return true;
    } catch (error) {
      const stopped = this.stopped || error instanceof RunStopped;
      const message = stopped ? STOPPED : describe(error);
      if (!stopped) {
        this.options.log?.warn(`Listing feed: the ${kind} run failed: ${message}`);
        recordJobRun('listing-feed', { startedAt, ok: false, rows: written });
        if (kind === 'reconcile') noteReconciliation(error instanceof ReconciliationHeldBack);
      }
      await repository.finishRun(runId, message, { interrupted: stopped });
      return false;
    }
  }

  /** The fields to $select, from the server's $metadata (read once a day); the standard ones without it. */
  private async selectFields(): Promise<string[]> {
    if (this.fields && Date.now() - this.fields.at < FIELDS_TTL_MS) return this.fields.list;
    let declared: Set<string> | null = null;
    try {
      declared = propertyFieldsOf(await this.client.getText('$metadata'));
    } catch (error) {
      if (error instanceof ResoError && error.status === 401) throw error;
      if (this.stopped) throw new RunStopped();
      this.options.log?.warn(`Listing feed: no $metadata (${describe(error)}); selecting the standard RESO fields`);
    }
    const list = fieldsToSelect(declared);
    this.fields = { list, at: Date.now() };
    return list;
  }

  /** No sync started within the interval (by this server or another; a tenth of it, at most a minute, of slack). */
  private async due(): Promise<boolean> {
    const last = await createListingFeedRepository(this.options.db).lastSyncStartedAt();
    if (!last) return true;
    return Date.now() - last.getTime() >= this.intervalMs - Math.min(60_000, this.intervalMs / 10);
  }
}
