import { Kysely, PostgresDialect, sql } from 'kysely';
import { Pool } from 'pg';
import type { Db } from './database';
import type { Tables } from './schema';
import { countRead } from '../lib/metrics/database-metrics';
import { withWaitLimit, type PoolUse } from './wait-limit';

/** How often each replica is asked whether it is up and how far behind it is. */
export const REPLICA_CHECK_MS = 1000;
/** A replica whose last good check is older than this is not used (it stopped answering). */
const CHECK_STALE_MS = 3 * REPLICA_CHECK_MS;
/** A replica that failed a query is left alone this long, then checked again. */
const DOWN_MS = 5000;

/**
 * Where the reads that may be a moment behind go (the searches, geocoding, comps): a streaming
 * replica that is up and within `maxLagMs` of the primary, taking turns; else the primary. A query
 * that fails on a replica because of the connection (the replica went down between two checks) is
 * run again on the primary, so a replica never costs a person an error.
 */
export interface ReadRouter {
  run<T>(read: (db: Db) => Promise<T>): Promise<T>;
  /** Each replica's state, for /healthz and tests. */
  replicas(): ReplicaState[];
  close(): Promise<void>;
}

export interface ReplicaState {
  /** The replica's address without its password. */
  url: string;
  usable: boolean;
  lagMs: number | null;
  lastError: string | null;
  /** Its pool's connections (the metrics). */
  pool: PoolUse;
}

export interface ReadRouterOptions {
  primary: Db;
  replicaUrls: string[];
  schema?: string;
  poolSize: number;
  waitLimitMs: number;
  /** A replica further behind than this is not read from (DATABASE_READ_MAX_LAG_MS). */
  maxLagMs: number;
  onStateChange?: (state: ReplicaState) => void;
}

/** The primary alone (no DATABASE_READ_URL, or PGlite). */
export const primaryOnly = (primary: Db): ReadRouter => ({
  run: (read) => {
    countRead('primary');
    return read(primary);
  },
  replicas: () => [],
  close: async () => undefined,
});

interface Replica {
  url: string;
  pool: Pool;
  use: PoolUse;
  db: Db;
  lagMs: number | null;
  checkedAt: number;
  downUntil: number;
  lastError: string | null;
  usable: boolean;
}

/** Errors of the connection, not of the query: worth trying the primary. */
function isConnectionError(error: unknown): boolean {
  const e = error as { code?: string; name?: string; message?: string };
  if (e?.name === 'ServerBusyError') return true;
  const code = e?.code ?? '';
  // Node's socket errors; PostgreSQL's class 08 (connection), 57P0x (shutdown, cannot connect now).
  if (/^(ECONN|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN)/.test(code) || /^08/.test(code) || /^57P0/.test(code))
    return true;
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    e?.message ?? '',
  );
}

/** A connection string without its password (for logs and the start-up summary). */
export const redactUrl = (url: string, fallback = '(DATABASE_READ_URL)'): string => {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return fallback;
  }
};

export function createReadRouter(options: ReadRouterOptions): ReadRouter {
  const replicas: Replica[] = options.replicaUrls.map((url) => {
    const pool = new Pool({
      connectionString: url,
      max: options.poolSize,
      connectionTimeoutMillis: 2000,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    const use: PoolUse = { size: options.poolSize, inUse: 0, waiting: 0 };
    const replica: Replica = {
      url: redactUrl(url),
      pool,
      use,
      db: new Kysely<Tables>({ dialect: withWaitLimit(new PostgresDialect({ pool }), options.waitLimitMs, use) }),
      lagMs: null,
      checkedAt: 0,
      downUntil: 0,
      lastError: null,
      usable: false,
    };
    // A connection that breaks (the replica stops), idle or in use, must not take the server down:
    // the query in flight fails and is run again on the primary (run).
    pool.on('error', (error) => markDown(replica, error));
    pool.on('connect', (client) => client.on('error', (error) => markDown(replica, error)));
    return replica;
  });
  let turn = 0;
  let closed = false;

  const stateOf = (r: Replica): ReplicaState => ({
    url: r.url,
    usable: r.usable,
    lagMs: r.lagMs,
    lastError: r.lastError,
    pool: r.use,
  });
  const setUsable = (r: Replica, usable: boolean) => {
    if (r.usable === usable) return;
    r.usable = usable;
    options.onStateChange?.(stateOf(r));
  };
  function markDown(r: Replica, error: unknown): void {
    r.downUntil = Date.now() + DOWN_MS;
    r.lastError = error instanceof Error ? error.message : String(error);
    setUsable(r, false);
  }

  async function check(r: Replica): Promise<void> {
    if (Date.now() < r.downUntil) return;
    try {
      // Behind: 0 when it has replayed all it received from a primary it streams from; else the age
      // of the last transaction it replayed (a paused or cut-off standby falls further behind).
      const { rows } = await sql<{ lag_ms: number | null }>`
        select case
          when not pg_is_in_recovery() then 0
          when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn()
            and exists (select 1 from pg_stat_wal_receiver where status = 'streaming') then 0
          else extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000
        end::float8 as lag_ms`.execute(r.db);
      r.lagMs = rows[0].lag_ms === null ? null : Math.round(rows[0].lag_ms);
      r.checkedAt = Date.now();
      r.lastError = r.lagMs === null || r.lagMs > options.maxLagMs ? `behind the primary by ${r.lagMs ?? '?'} ms` : null;
      setUsable(r, r.lagMs !== null && r.lagMs <= options.maxLagMs);
    } catch (error) {
      markDown(r, error);
    }
  }

  const checkAll = () => Promise.all(replicas.map(check));
  const timer = setInterval(() => {
    if (!closed) void checkAll();
  }, REPLICA_CHECK_MS);
  timer.unref();
  void checkAll();

  const pick = (): Replica | null => {
    const now = Date.now();
    for (let i = 0; i < replicas.length; i++) {
      const r = replicas[(turn + i) % replicas.length];
      if (r.usable && now >= r.downUntil && now - r.checkedAt <= CHECK_STALE_MS) {
        turn = (turn + i + 1) % replicas.length;
        return r;
      }
    }
    return null;
  };

  return {
    async run(read) {
      const replica = pick();
      if (!replica) {
        countRead('primary');
        return read(options.primary);
      }
      try {
        const answer = await read(replica.db);
        countRead(replica.url);
        return answer;
      } catch (error) {
        if (!isConnectionError(error)) throw error;
        markDown(replica, error);
        countRead('primary');
        return read(options.primary);
      }
    },
    replicas: () => replicas.map(stateOf),
    async close() {
      closed = true;
      clearInterval(timer);
      await Promise.all(replicas.map((r) => r.db.destroy().catch(() => undefined)));
    },
  };
}
