import type { FastifyBaseLogger } from 'fastify';
import type { RatesFeedStatus } from '../../../shared/schemas/rates';
import { IMPORT_MAX_BYTES } from '../../../shared/admin-constants';
import type { ClusterLocks } from '../../db/cluster-lock';
import type { Db } from '../../db/database';
import { inBackground } from '../../http/busy';
import { recordJobRun } from '../../lib/metrics/job-metrics';
import { createRatesRepository } from './repository';
import { importPmms, parsePmmsCsv } from './service';

/** The feed is fetched this often (Freddie Mac publishes PMMS weekly, on Thursdays). */
export const FEED_INTERVAL_MS = 7 * 24 * 60 * 60 * 1000;
/** A fetch that takes longer fails (and is tried again at the next turn). */
export const FEED_TIMEOUT_MS = 60_000;

export interface RatesFeedOptions {
  db: Db;
  /** One fetch at a time in the whole cluster. */
  locks: ClusterLocks;
  url: string;
  /** Called after a fetch changed the latest 30-year rate (the app re-prices every listing). */
  onNewLatestRate: () => void;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  intervalMs?: number;
  timeoutMs?: number;
}

/** Why a fetch failed, in words an admin can act on. */
function describeFailure(error: unknown, url: string): string {
  const e = error as Error & { cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `The feed did not answer within ${FEED_TIMEOUT_MS / 1000} s`;
  if (e?.message === 'fetch failed') {
    const cause = e.cause?.code ?? e.cause?.message ?? 'network error';
    return `Could not reach ${url} (${cause})`;
  }
  return e?.message ?? String(error);
}

/**
 * The weekly PMMS feed (RATES_FEED_URL): fetches the history CSV once after the server is ready and
 * every week after, imports the weeks it does not have (and corrections), and records the fetch (when,
 * and any failure) in `rates_feed` for the Rates screen. A new latest 30-year rate re-prices the
 * listings. The work runs in the background (outside any request's wait limits); the timer is cleared
 * when the app closes.
 */
export class RatesFeed {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private abort: AbortController | null = null;
  private stopped = false;
  private nextAt: Date | null = null;

  constructor(private readonly options: RatesFeedOptions) {}

  get url(): string {
    return this.options.url;
  }

  /** Fetches now, then every interval. */
  start(): void {
    if (this.stopped || this.timer) return;
    const interval = this.options.intervalMs ?? FEED_INTERVAL_MS;
    this.timer = setInterval(() => {
      this.nextAt = new Date(Date.now() + interval);
      void this.fetchNow({ ifDue: true });
    }, interval);
    // The schedule alone does not keep the process alive.
    this.timer.unref();
    this.nextAt = new Date(Date.now() + interval);
    void this.fetchNow({ ifDue: true });
  }

  /**
   * One fetch (a second call while one runs joins it); never rejects: failures are recorded. With
   * several servers only one fetches at a time, and a scheduled fetch (`ifDue`) is skipped when the
   * feed was fetched successfully less than an interval ago (by this server or another).
   */
  fetchNow({ ifDue = false }: { ifDue?: boolean } = {}): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.running ??= inBackground(async () => {
      await this.options.locks.tryRun('rates-feed', async () => {
        if (!ifDue || (await this.due())) await this.fetchOnce();
      });
    }).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** No successful fetch of this feed within the last interval (a minute's slack for the timers). */
  private async due(): Promise<boolean> {
    const record = await createRatesRepository(this.options.db).readFeedRecord();
    if (!record || record.url !== this.options.url || !record.lastSuccessAt) return true;
    const interval = this.options.intervalMs ?? FEED_INTERVAL_MS;
    return Date.now() - record.lastSuccessAt.getTime() >= interval - Math.min(60_000, interval / 10);
  }

  /** Resolves when no fetch is running. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Clears the timer and cancels a fetch in flight (app close). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.nextAt = null;
    this.abort?.abort();
    await this.idle();
  }

  async status(): Promise<RatesFeedStatus> {
    const record = await createRatesRepository(this.options.db).readFeedRecord();
    const mine = record && record.url === this.options.url ? record : null;
    return {
      configured: true,
      url: this.options.url,
      lastFetchAt: mine?.lastFetchAt?.toISOString() ?? null,
      lastSuccessAt: mine?.lastSuccessAt?.toISOString() ?? null,
      lastError: mine?.lastError ?? null,
      lastWritten: mine?.lastWritten ?? null,
      nextFetchAt: this.nextAt?.toISOString() ?? null,
      fetching: this.running !== null,
    };
  }

  /** Whether the weekly timer is set (false once the app has closed). */
  get scheduled(): boolean {
    return this.timer !== null;
  }

  private async fetchOnce(): Promise<void> {
    const { db, url, log } = this.options;
    const startedAt = Date.now();
    const abort = new AbortController();
    this.abort = abort;
    const timeout = setTimeout(
      () => abort.abort(new DOMException('timed out', 'TimeoutError')),
      this.options.timeoutMs ?? FEED_TIMEOUT_MS,
    );
    try {
      const text = await this.download(url, abort.signal);
      let parsed: ReturnType<typeof parsePmmsCsv>;
      try {
        parsed = parsePmmsCsv(text);
      } catch (error) {
        throw new Error(`The feed's file is not a PMMS history CSV: ${(error as Error).message}`);
      }
      if (!parsed.rows.length) throw new Error("The feed's file has no weeks with a rate");
      const today = new Date().toISOString().slice(0, 10);
      const rows = parsed.rows.filter((r) => r.asOf <= today);
      const written = await db.transaction().execute(async (trx) => {
        const rates = createRatesRepository(trx);
        const before = await rates.latestRate();
        const n = await importPmms(trx, rows);
        const after = await rates.latestRate();
        return { n, changedLatest: before !== after };
      });
      if (this.stopped) return;
      recordJobRun('rates-feed', { startedAt, ok: true, rows: written.n });
      await createRatesRepository(db).recordFeedFetch(url, { ok: true, written: written.n });
      if (parsed.skipped.length)
        log?.warn(`Rates feed: ${parsed.skipped.length} lines skipped (${parsed.skipped[0].reason}, ...)`);
      log?.info(`Rates feed: ${parsed.rows.length} weeks read, ${written.n} rates added or changed`);
      if (written.changedLatest) this.options.onNewLatestRate();
    } catch (error) {
      if (this.stopped) return;
      recordJobRun('rates-feed', { startedAt, ok: false });
      const message = describeFailure(error, url);
      log?.warn(`Rates feed: fetching ${url} failed: ${message}`);
      await createRatesRepository(db)
        .recordFeedFetch(url, { ok: false, error: message })
        .catch((e: unknown) => log?.error({ err: e }, 'Recording the rates feed failure failed'));
    } finally {
      clearTimeout(timeout);
      if (this.abort === abort) this.abort = null;
    }
  }

  private async download(url: string, signal: AbortSignal): Promise<string> {
    const response = await fetch(url, { signal, headers: { accept: 'text/csv, text/plain;q=0.9, */*;q=0.5' } });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`The feed answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
    }
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > IMPORT_MAX_BYTES) {
      await response.body?.cancel();
      throw new Error(`The feed's file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`);
    }
    const text = await response.text();
    if (Buffer.byteLength(text, 'utf8') > IMPORT_MAX_BYTES) {
      throw new Error(`The feed's file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`);
    }
    return text;
  }
}

const feeds = new WeakMap<object, RatesFeed>();

/** The feed of an app (keyed by its context object), or undefined without RATES_FEED_URL. */
export function ratesFeedFor(key: object): RatesFeed | undefined {
  return feeds.get(key);
}

export function registerRatesFeed(key: object, feed: RatesFeed): void {
  feeds.set(key, feed);
}
