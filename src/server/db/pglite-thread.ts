import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGliteDialectConfig } from 'kysely';

type PGliteLike = Exclude<PGliteDialectConfig['pglite'], (...args: never[]) => unknown>;
type QueryOptions = Parameters<PGliteLike['query']>[2];
type QueryResults = Awaited<ReturnType<PGliteLike['query']>>;

/** What the worker (pglite-worker.mjs) is asked to do; `transaction` names an open transaction. */
type Request =
  | { op: 'query'; sql: string; params?: unknown[]; options?: QueryOptions; transaction?: number }
  | { op: 'begin' | 'commit' | 'rollback'; transaction: number }
  | { op: 'dump'; file: string }
  | { op: 'close' };

interface Reply {
  id: number;
  result?: unknown;
  error?: Record<string, unknown> & { message: string };
}

/** An error the worker sent as plain fields, with PostgreSQL's (code, detail, constraint...) kept. */
function toError(fields: Record<string, unknown> & { message: string }): Error {
  return Object.assign(new Error(fields.message), fields);
}

/**
 * PGlite on a thread of its own (a worker), behind the interface Kysely's PGlite dialect uses.
 *
 * In the server's own thread every query of the embedded database (WebAssembly, synchronous while it
 * runs) stopped everything else: a 1-second cluster query held up every request, and parsing,
 * compressing and sending answers waited for the database and the database for them. On its own
 * thread the two overlap on a second core. A query's rows come back by structured clone.
 *
 * Transactions keep PGlite's own exclusive mode: the worker holds `pglite.transaction()` open until
 * the commit or rollback message, and other queries wait for it there, as they did in-process.
 */
export class PGliteThread implements PGliteLike {
  closed = false;
  ready = false;
  readonly waitReady: Promise<void>;
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  #nextId = 1;
  #nextTransaction = 1;
  #notReady: ((error: Error) => void) | null = null;

  /**
   * `dataDir` as PGlite takes it; none = in memory. `loadFrom`: a tarball dumpDataDir wrote, to create
   * the database from (a restore; `dataDir` must hold no database yet).
   */
  constructor(dataDir?: string, { loadFrom }: { loadFrom?: string } = {}) {
    // The worker is plain JavaScript next to this file; the server build emits it to dist as well (allowJs).
    this.#worker = new Worker(path.join(__dirname, 'pglite-worker.mjs'), { workerData: { dataDir, loadFrom } });
    this.waitReady = new Promise<void>((resolve, reject) => {
      // A thread that dies before it is ready (PGlite could not load) fails the start too.
      this.#notReady = reject;
      this.#worker.once('message', (message: { ready: boolean; error?: Reply['error'] }) => {
        if (message.ready) {
          this.ready = true;
          this.#worker.on('message', (reply: Reply) => this.#settle(reply));
          this.#worker.unref(); // after the listener, which refs the thread again
          resolve();
        } else {
          this.closed = true;
          void this.#worker.terminate();
          reject(toError(message.error ?? { message: 'PGlite did not start' }));
        }
      });
    });
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', (code) => this.#fail(new Error(`The database thread stopped (exit code ${code})`)));
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<{ rows: T[] } & Omit<QueryResults, 'rows'>> {
    return this.#request({ op: 'query', sql, params, options }) as Promise<{ rows: T[] } & Omit<QueryResults, 'rows'>>;
  }

  async transaction<T>(callback: (tx: { query: PGliteThread['query']; rollback(): Promise<void> }) => Promise<T>): Promise<T> {
    const transaction = this.#nextTransaction++;
    await this.#request({ op: 'begin', transaction });
    let rolledBack = false;
    let result: T;
    try {
      result = await callback({
        query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
          this.#request({ op: 'query', sql, params, options, transaction }) as Promise<
            { rows: R[] } & Omit<QueryResults, 'rows'>
          >,
        rollback: async () => {
          rolledBack = true;
          await this.#request({ op: 'rollback', transaction });
        },
      });
    } catch (error) {
      await this.#request({ op: 'rollback', transaction });
      throw error;
    }
    // As with PGlite itself, a transaction rolled back by hand ends there.
    if (!rolledBack) await this.#request({ op: 'commit', transaction });
    return result;
  }

  /**
   * Writes the whole database to `file` (a new file): PGlite's tarball of its data directory, gzipped,
   * taken between transactions, so it holds every transaction committed before it and none after.
   */
  async dumpDataDir(file: string): Promise<void> {
    await this.#request({ op: 'dump', file });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await this.#request({ op: 'close' });
    } finally {
      this.closed = true;
      await this.#worker.terminate();
    }
  }

  #request(request: Request): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('PGlite is closed'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      // The thread keeps the process alive while a query is out, not while the database sits idle.
      if (!this.#pending.size) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #settle(reply: Reply): void {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (!this.#pending.size) this.#worker.unref();
    if (reply.error) pending.reject(toError(reply.error));
    else pending.resolve(reply.result);
  }

  /** The thread died (a crash, or terminated): every waiting query fails instead of hanging. */
  #fail(error: Error): void {
    this.closed = true;
    if (!this.ready) this.#notReady?.(error);
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}
