import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * The returns copy (0031) kept in map order with room on each page, so a re-price updates its rows in
 * place. A new rate changes every listing's four cash-on-cash figures; with those figures in the copy's
 * covering index, each re-priced row took a new version elsewhere and an entry in both of its indexes
 * (~9 µs a row, 30–40 % off the re-pricing on PostgreSQL: docs/performance.md, "Returns heat map"). Now its index
 * holds the position only, so a re-price is a HOT update (the new version on the same page, no index
 * entry), and the heat map reads the heap after the index: few pages, in order, as the table is sorted
 * by position (`cluster`, here and by vacuumListings once new rows have spoiled the order).
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table property_returns set (fillfactor = 50)`.execute(db);
  await sql`drop index property_returns_map_idx`.execute(db);
  await sql`create index property_returns_map_idx on property_returns (longitude, latitude)`.execute(db);
  await sql`cluster property_returns using property_returns_map_idx`.execute(db);
  await sql`analyze property_returns`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index property_returns_map_idx`.execute(db);
  await sql`create index property_returns_map_idx on property_returns (longitude, latitude) include (list_price, beds,
    baths_total, deal_status, on_market_date, price_cut_percent, buy_hold_coc, brrrr_coc, fix_flip_coc, short_term_coc)`.execute(
    db,
  );
  await sql`alter table property_returns reset (fillfactor)`.execute(db);
  await sql`alter table property_returns set without cluster`.execute(db);
}
