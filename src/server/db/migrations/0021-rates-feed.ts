import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * The weekly PMMS feed (RATES_FEED_URL): one row that remembers the last fetch, when one last
 * worked, why the last one failed and how many rates it wrote, for the admin Rates screen.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table rates_feed (
      id smallint primary key default 1 check (id = 1),
      url text not null,
      last_fetch_at timestamptz,
      last_success_at timestamptz,
      last_error text,
      last_written integer
    )`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table rates_feed`.execute(db);
}
