import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * The market trends' rebuild after an import counts the listings that came on the market in the
 * months it rebuilds (docs/markets.md): through this index and created_at's (0036) it reads those
 * few, where it read every listing again. A re-price does not change on_market_date, so it stays HOT.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`create index properties_on_market_date_idx on properties (on_market_date)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index properties_on_market_date_idx`.execute(db);
}
