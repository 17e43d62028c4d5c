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
 *
 * Also a partial GiST index for the importer's marking of listings near a changed sale.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table properties set (fillfactor = 50)`.execute(db);
  // The importer marks the listings near each changed sale that are not marked yet (markNearSales):
  // a box lookup in the listings that are up to date only, so a first import (all new, all marked) finds none.
  await sql`
    create index properties_point_clean_idx on properties using gist (point(longitude, latitude)) where not needs_recompute`.execute(
    db,
  );
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index if exists properties_point_clean_idx`.execute(db);
  await sql`alter table properties reset (fillfactor)`.execute(db);
}
