import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * Two location indexes that no query reads any more, and that every import paid for on each row:
 * the comps are found on sold_comps' (longitude, latitude) btree, and the one box lookup in
 * properties (marking listings near a changed sale) uses the partial GiST index of 0019. A GiST
 * insert is among the dearest index writes; without these two a 100,000-row feed loads ~10 % faster
 * on PGlite (docs/performance.md, "Re-pricing and import").
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`drop index if exists sold_comps_point_gist_idx`.execute(db);
  await sql`drop index if exists properties_point_gist_idx`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`create index if not exists sold_comps_point_gist_idx on sold_comps using gist (point(longitude, latitude))`.execute(
    db,
  );
  await sql`create index if not exists properties_point_gist_idx on properties using gist (point(longitude, latitude))`.execute(
    db,
  );
}
