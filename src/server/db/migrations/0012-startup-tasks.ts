import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * Long first-start work (the demo load) is recorded before it starts and marked finished after, so a
 * start after a crash finds the unfinished task and finishes it (modules/startup).
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table startup_tasks (
      name text primary key,
      params jsonb not null default '{}'::jsonb,
      started_at timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table startup_tasks`.execute(db);
}
