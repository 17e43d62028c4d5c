import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * The sign-in, sign-up and reset limits' counts, shared by every server on one PostgreSQL database
 * (modules/auth/rate-limit-store.ts): a row per key and window. Unlogged: a count is not worth a
 * WAL write, and after a crash the windows start afresh. PGlite keeps the counts in memory (one
 * process) and leaves this table empty.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create unlogged table rate_limit_hits (
      key text primary key,
      hits integer not null,
      resets_at timestamptz not null
    )`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table rate_limit_hits`.execute(db);
}
