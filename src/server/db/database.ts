import path from 'node:path';
import { DEFAULT_DB_WAIT_LIMIT_MS, DEFAULT_PG_POOL_SIZE } from '../lib/app-config';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { Client, Pool } from 'pg';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { PGliteThread } from './pglite-thread';
import { migrationState, providerKnowing } from './migration-state';
import { listenForNotices, type NoticeHandlers, type NoticeSubscription } from './notices';
import type { Tables } from './schema';
import { withWaitLimit, type PoolUse } from './wait-limit';
import { ensurePrivateDir } from '../lib/private-files';

export type Db = Kysely<Tables>;

export interface DatabaseOptions {
  /** PostgreSQL connection string; when unset PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory (the files go to `<dataDir>/pglite`); null or undefined = in memory. */
  dataDir?: string | null;
  /** PostgreSQL only: a schema to create and work in (search_path), e.g. to isolate tests. */
  schema?: string;
  /** PostgreSQL only: connections in the pool (PG_POOL_SIZE; default DEFAULT_PG_POOL_SIZE). */
  poolSize?: number;
  /** How long a request waits for a connection before it gets 503 (DB_WAIT_LIMIT_MS; 0 = no limit; wait-limit.ts). */
  waitLimitMs?: number;
  /** PGlite only: create the database from this backup tarball (a restore); `<dataDir>/pglite` must hold none. */
  loadFrom?: string;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  schema?: string;
  /**
   * PostgreSQL only: LISTEN to a channel's notices from this schema (notices.ts), on a connection of
   * its own. PGlite is one process: its writes are seen where they are made.
   */
  listen?(channel: string, handlers: NoticeHandlers): NoticeSubscription;
  /**
   * PostgreSQL only: a connection of its own, outside the pool (an advisory lock held for a long
   * work must not take one of the pool's, which that work itself needs). The caller ends it.
   */
  openSession?(): Promise<Client>;
  /**
   * PGlite only: writes the whole database to a new gzipped tarball at `file`, between transactions
   * (a backup of the running server: its data directory is locked to this process).
   */
  dumpDataDir?(file: string): Promise<void>;
  /** The connections of this process's pool (PGlite: its one connection), live (the metrics read it). */
  pool: PoolUse;
  close(): Promise<void>;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  const waitLimitMs = options.waitLimitMs ?? DEFAULT_DB_WAIT_LIMIT_MS;
  if (options.databaseUrl) {
    return createPostgres(options.databaseUrl, options.schema, options.poolSize ?? DEFAULT_PG_POOL_SIZE, waitLimitMs);
  }
  return createPglite(options.dataDir ?? null, waitLimitMs, options.loadFrom);
}

async function createPostgres(
  connectionString: string,
  schema: string | undefined,
  poolSize: number,
  waitLimitMs: number,
): Promise<Database> {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  if (schema) {
    const setup = new Pool({ connectionString, max: 1 });
    try {
      await setup.query(`create schema if not exists "${schema}"`).catch((error: { code?: string }) => {
        // Two servers creating it at the same moment: "if not exists" does not cover the race.
        if (error.code !== '23505' && error.code !== '42P06') throw error;
      });
    } finally {
      await setup.end();
    }
  }
  const pool = new Pool({
    connectionString,
    max: poolSize,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // A connection that breaks (PostgreSQL restarts) fails the query it carries; the error event it
  // also emits, idle or in use, must not end the process.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const use: PoolUse = { size: poolSize, inUse: 0, waiting: 0 };
  const db = new Kysely<Tables>({ dialect: withWaitLimit(new PostgresDialect({ pool }), waitLimitMs, use) });
  return {
    db,
    kind: 'postgres',
    pool: use,
    schema,
    listen: (channel, handlers) => listenForNotices({ connectionString, schema }, channel, handlers),
    async openSession() {
      const client = new Client({ connectionString, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
      client.on('error', () => undefined);
      await client.connect();
      return client;
    },
    close: () => db.destroy(),
  };
}

async function createPglite(dataDir: string | null, waitLimitMs: number, loadFrom?: string): Promise<Database> {
  let lock: DataDirLock | null = null;
  let pglite: PGliteThread;
  if (dataDir) {
    lock = lockDataDir(dataDir);
    try {
      // The database's own files follow PGlite's modes; its directory keeps everyone else out.
      ensurePrivateDir(path.join(dataDir, 'pglite'));
      pglite = new PGliteThread(path.join(dataDir, 'pglite'), { loadFrom });
      await pglite.waitReady;
    } catch (error) {
      lock.release();
      throw error;
    }
  } else {
    pglite = new PGliteThread(undefined, { loadFrom });
    await pglite.waitReady;
  }
  const use: PoolUse = { size: 1, inUse: 0, waiting: 0 };
  const db = new Kysely<Tables>({ dialect: withWaitLimit(new PGliteDialect({ pglite }), waitLimitMs, use) });
  return {
    db,
    kind: 'pglite',
    dumpDataDir: (file) => pglite.dumpDataDir(file),
    pool: use,
    close: async () => {
      try {
        await db.destroy();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * Applies every pending migration; throws when one fails. A newer release's migrations that the
 * database already has are left as they are (migration-state.ts).
 */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: providerKnowing((await migrationState(database)).newer),
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    // Kysely's introspection reads every schema of the database; one dropped meanwhile (another
    // schema's tests or benches on the same server) fails it with "schema … does not exist", or with
    // "relation … does not exist" for a table of it. Nothing was applied then: look again.
    const code = (error as { code?: string } | undefined)?.code;
    if (error && (code === '3F000' || code === '42P01') && attempt < 3) continue;
    if (error) throw error instanceof Error ? error : new Error(`Migration failed: ${JSON.stringify(error)}`);
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  }
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
