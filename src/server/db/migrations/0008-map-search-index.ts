import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * The map's scans read one index: the (longitude, latitude, id) btree the bounds search pages in
 * now also carries deal_status and list_price, so the server clusters (count, deal mix, price
 * range per grid cell) are an index-only scan. Measured on PostgreSQL at 1M listings: central
 * Texas at zoom 8 from 278 to 69 ms, a metro at zoom 10 from 235 to 41 ms (docs/performance.md).
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`create index properties_map_idx on properties (longitude, latitude, id) include (deal_status, list_price)`.execute(
    db,
  );
  await sql`drop index properties_lng_lat_id_idx`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`create index properties_lng_lat_id_idx on properties (longitude, latitude, id)`.execute(db);
  await sql`drop index properties_map_idx`.execute(db);
}
