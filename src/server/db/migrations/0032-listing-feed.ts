import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/** The returns copy's columns (migration 0031), to rewrite its trigger function. */
const RETURNS_COLUMNS = [
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
 * The MLS listing feed (issue 30; docs/listings.md, "Connecting an MLS"):
 *
 * - `listing_feed`, one row: the feed it replicates (service root and filter), the cursor (the last
 *   ModificationTimestamp, as the server wrote it, and ListingKey written; moved in the transaction of
 *   each page), the last success, the failing state and the live progress every server reads.
 * - `listing_feed_runs`: each run (full pull, incremental, reconciliation) with its counts and error.
 * - Off market: a listing that leaves the feed is marked (`off_market_at`, `off_market_status`), not
 *   deleted (its notes, history and saved items stay). The map's index becomes partial (`where
 *   off_market_at is null`, so every map scan stays index-only over the listed ones) and the returns
 *   copy keeps only listed ones.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table properties add column off_market_at timestamptz, add column off_market_status text`.execute(db);
  await sql`drop index properties_map_idx`.execute(db);
  await sql`create index properties_map_idx on properties (longitude, latitude, id) include (deal_status, list_price)
    where off_market_at is null`.execute(db);

  const columns = sql.raw(RETURNS_COLUMNS.join(', '));
  const changed = sql.raw(
    `(${RETURNS_COLUMNS.map((c) => `property_returns.${c}`).join(', ')}) is distinct from (${RETURNS_COLUMNS.map((c) => `excluded.${c}`).join(', ')})`,
  );
  const assignments = sql.raw(RETURNS_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', '));
  await sql`
    create or replace function property_returns_write() returns trigger language plpgsql as $$
    begin
      insert into property_returns (id, ${columns})
      select id, ${columns} from written where off_market_at is null
      on conflict (id) do update set ${assignments} where ${changed};
      -- Only when the statement took some off the market: a join to the copy is planned blind
      -- (a transition table has no statistics) and can scan the whole copy, on every re-price batch.
      if exists (select 1 from written where off_market_at is not null) then
        delete from property_returns r where r.id in (select id from written where off_market_at is not null);
      end if;
      return null;
    end
    $$`.execute(db);

  await sql`
    create table listing_feed (
      id smallint primary key default 1 check (id = 1),
      service_url text not null,
      filter text,
      cursor_modified_at text,
      cursor_listing_key text,
      last_success_at timestamptz,
      last_reconciled_at timestamptz,
      failing_since timestamptz,
      last_error text,
      heartbeat_at timestamptz
    )`.execute(db);
  await sql`
    create table listing_feed_runs (
      id integer generated always as identity primary key,
      kind text not null,
      trigger text not null,
      started_at timestamptz not null default now(),
      finished_at timestamptz,
      rows_read integer not null default 0,
      total integer,
      added integer not null default 0,
      updated integer not null default 0,
      rejected integer not null default 0,
      off_market integer not null default 0,
      error text
    )`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table listing_feed_runs`.execute(db);
  await sql`drop table listing_feed`.execute(db);
  const columns = sql.raw(RETURNS_COLUMNS.join(', '));
  const changed = sql.raw(
    `(${RETURNS_COLUMNS.map((c) => `property_returns.${c}`).join(', ')}) is distinct from (${RETURNS_COLUMNS.map((c) => `excluded.${c}`).join(', ')})`,
  );
  const assignments = sql.raw(RETURNS_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', '));
  await sql`
    create or replace function property_returns_write() returns trigger language plpgsql as $$
    begin
      insert into property_returns (id, ${columns})
      select id, ${columns} from written
      on conflict (id) do update set ${assignments} where ${changed};
      return null;
    end
    $$`.execute(db);
  await sql`insert into property_returns (id, ${columns}) select id, ${columns} from properties where off_market_at is not null`.execute(
    db,
  );
  await sql`drop index properties_map_idx`.execute(db);
  await sql`create index properties_map_idx on properties (longitude, latitude, id) include (deal_status, list_price)`.execute(
    db,
  );
  await sql`alter table properties drop column off_market_at, drop column off_market_status`.execute(db);
}
