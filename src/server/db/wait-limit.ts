import { Mutex, type MutexInterface } from 'async-mutex';
import type { DatabaseConnection, Dialect, DialectAdapter, Driver, TransactionSettings } from 'kysely';
import { ServerBusyError, waitAtMost } from '../http/busy';

export const DATABASE_BUSY_MESSAGE = 'The server is busy; try again in a few seconds.';

/** A pool's connections as the metrics show them: how many it may open, how many are lent out, how many callers wait. */
export interface PoolUse {
  size: number;
  inUse: number;
  waiting: number;
}

/**
 * A request waits at most `limitMs` for a database connection (PGlite's single connection, or one of
 * the PostgreSQL pool's); then it gets 503 with Retry-After instead of hanging (http/busy.ts), and
 * the connection that arrives late is handed back at once.
 *
 * A single-connection dialect (PGlite) is serialised by Kysely's own mutex, which has no time limit;
 * for those this wrapper says it supports several connections and does the serialising itself, with
 * the limit. Everything else is the wrapped dialect's.
 */
export function withWaitLimit(dialect: Dialect, limitMs: number, use?: PoolUse): Dialect {
  const single = !dialect.createAdapter().supportsMultipleConnections;
  return {
    createAdapter: () => (single ? serialisedHere(dialect.createAdapter()) : dialect.createAdapter()),
    createDriver: () =>
      new WaitLimitedDriver(
        dialect.createDriver(),
        limitMs,
        single ? new Mutex() : null,
        use ?? { size: 1, inUse: 0, waiting: 0 },
      ),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

/** The adapter as it is, but telling Kysely not to add its own connection mutex. */
function serialisedHere(adapter: DialectAdapter): DialectAdapter {
  return Object.create(adapter, { supportsMultipleConnections: { get: () => true } }) as DialectAdapter;
}

class WaitLimitedDriver implements Driver {
  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];
  private unlock: MutexInterface.Releaser | null = null;

  constructor(
    private readonly inner: Driver,
    private readonly limitMs: number,
    /** The one connection's lock, for a single-connection driver. */
    private readonly mutex: Mutex | null,
    private readonly use: PoolUse,
  ) {
    // Only what the wrapped driver supports.
    this.savepoint = inner.savepoint?.bind(inner);
    this.rollbackToSavepoint = inner.rollbackToSavepoint?.bind(inner);
    this.releaseSavepoint = inner.releaseSavepoint?.bind(inner);
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.use.waiting++;
    try {
      const connection = await this.acquire();
      this.use.inUse++;
      return connection;
    } finally {
      this.use.waiting--;
    }
  }

  private async acquire(): Promise<DatabaseConnection> {
    const busy = () => new ServerBusyError(DATABASE_BUSY_MESSAGE);
    if (!this.mutex) {
      return waitAtMost(this.inner.acquireConnection(), this.limitMs, (late) => this.inner.releaseConnection(late), busy);
    }
    const unlock = await waitAtMost(this.mutex.acquire(), this.limitMs, (late) => late(), busy);
    try {
      const connection = await this.inner.acquireConnection();
      this.unlock = unlock;
      return connection;
    } catch (error) {
      unlock();
      throw error;
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.use.inUse--;
    try {
      await this.inner.releaseConnection(connection);
    } finally {
      const unlock = this.unlock;
      this.unlock = null;
      unlock?.();
    }
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
