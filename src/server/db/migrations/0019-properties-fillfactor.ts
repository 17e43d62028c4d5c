import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * Room on every page of `properties` for a new version of each of its rows, so that re-pricing
 * (a new rate rewrites every listing's four result objects, ~1.4 KB of its ~2 KB) is a HOT update:
 * written beside the old version, with no entry added to any of the table's seven indexes (the
 * address trigram and location GiST ones are the dearest). Measured in docs/performance.md
 * ("Re-pricing and import"): a whole-table rewrite ran 6–9× faster on PGlite and ~4× on PostgreSQL.
 * The price is a heap about twice as large. Existing pages fill up as before until their rows are
 * next rewritten (the first recomputation moves them to pages filled to this factor).
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table properties set (fillfactor = 50)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table properties reset (fillfactor)`.execute(db);
}
