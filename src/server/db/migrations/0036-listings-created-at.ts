import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * The first month the database held listings (`min(created_at)`, docs/markets.md) is read by every
 * market-trends answer and each rebuild: without an index it scanned every listing (~0.1 s at
 * 200,000, most of a series answer). A listing's created_at never changes, so re-prices stay HOT.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`create index properties_created_at_idx on properties (created_at)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index properties_created_at_idx`.execute(db);
}
