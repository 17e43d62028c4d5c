import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/** What the returns heat map reads of a listing: its place, the search filters' columns and the four cash-on-cash figures. */
const COLUMNS = [
  'longitude',
  'latitude',
  'list_price',
  'beds',
  'baths_total',
  'deal_status',
  'on_market_date',
  'price_cut_percent',
  'buy_hold_coc',
  'brrrr_coc',
  'fix_flip_coc',
  'short_term_coc',
];

/**
 * `property_returns`: a narrow copy of each listing's place, filter columns and cash-on-cash figures,
 * kept by statement triggers on `properties`, with a covering (longitude, latitude) index, so the
 * returns heat map (search-returns.ts) scans an index only, as the clusters do on `properties_map_idx`
 * (docs/performance.md, "Returns heat map").
 *
 * Why not the cash-on-cash columns in `properties_map_idx`'s INCLUDE: a row whose indexed column
 * changes cannot be HOT-updated, so every re-price (a new rate rewrites every listing's figures) would
 * add an entry to each of the table's indexes, the cost migration 0019's fillfactor removed. The copy's
 * writes touch its own two indexes only, and only rows whose copied columns changed.
 */
export async function up(db: MigrationDb): Promise<void> {
  const columns = sql.raw(COLUMNS.join(', '));
  const changed = sql.raw(
    `(${COLUMNS.map((c) => `property_returns.${c}`).join(', ')}) is distinct from (${COLUMNS.map((c) => `excluded.${c}`).join(', ')})`,
  );
  const assignments = sql.raw(COLUMNS.map((c) => `${c} = excluded.${c}`).join(', '));
  await sql`create table property_returns as select id, ${columns} from properties`.execute(db);
  await sql`alter table property_returns add primary key (id)`.execute(db);
  await sql`create index property_returns_map_idx on property_returns (longitude, latitude) include (${sql.raw(
    COLUMNS.slice(2).join(', '),
  )})`.execute(db);
  // One function for inserts and updates: both triggers name their new rows `written`.
  await sql`
    create function property_returns_write() returns trigger language plpgsql as $$
    begin
      insert into property_returns (id, ${columns})
      select id, ${columns} from written
      on conflict (id) do update set ${assignments} where ${changed};
      return null;
    end
    $$`.execute(db);
  await sql`
    create function property_returns_delete() returns trigger language plpgsql as $$
    begin
      delete from property_returns r using gone g where r.id = g.id;
      return null;
    end
    $$`.execute(db);
  await sql`
    create function property_returns_truncate() returns trigger language plpgsql as $$
    begin
      truncate property_returns;
      return null;
    end
    $$`.execute(db);
  for (const event of ['insert', 'update'] as const) {
    await sql`
      create trigger ${sql.raw(`properties_returns_${event}`)} after ${sql.raw(event)} on properties
      referencing new table as written for each statement execute function property_returns_write()`.execute(db);
  }
  await sql`
    create trigger properties_returns_delete after delete on properties
    referencing old table as gone for each statement execute function property_returns_delete()`.execute(db);
  await sql`
    create trigger properties_returns_truncate after truncate on properties
    for each statement execute function property_returns_truncate()`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const event of ['insert', 'update', 'delete', 'truncate']) {
    await sql`drop trigger ${sql.raw(`properties_returns_${event}`)} on properties`.execute(db);
  }
  await sql`drop function property_returns_write(), property_returns_delete(), property_returns_truncate()`.execute(db);
  await sql`drop table property_returns`.execute(db);
}
