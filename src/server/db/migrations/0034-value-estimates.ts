import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/** The returns copy's columns before this migration (0032), and the filter column it adds. */
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

/** The returns copy's trigger function (0032's) over these columns. */
async function writeReturnsTrigger(db: MigrationDb, names: readonly string[]): Promise<void> {
  const columns = sql.raw(names.join(', '));
  const changed = sql.raw(
    `(${names.map((c) => `property_returns.${c}`).join(', ')}) is distinct from (${names.map((c) => `excluded.${c}`).join(', ')})`,
  );
  const assignments = sql.raw(names.map((c) => `${c} = excluded.${c}`).join(', '));
  await sql`
    create or replace function property_returns_write() returns trigger language plpgsql as $$
    begin
      insert into property_returns (id, ${columns})
      select id, ${columns} from written where off_market_at is null
      on conflict (id) do update set ${assignments} where ${changed};
      if exists (select 1 from written where off_market_at is not null) then
        delete from property_returns r where r.id in (select id from written where off_market_at is not null);
      end if;
      return null;
    end
    $$`.execute(db);
}

/**
 * Numbers you can check (issue 37; docs/accuracy.md):
 *
 * - `properties.value_estimate` (the estimate from the sold comps, their adjustments and basis, as
 *   json: written and read whole) and `value_gap_percent` (the list price against it, percent: the
 *   search's sort and its "at least N % below" filter, also in the returns copy and saved searches).
 * - `market_models`: each market's model of prices and of rents (src/shared/valuation/market-model.ts),
 *   and `market_model_fits` the data they were fitted on (a fingerprint per kind), refitted by the
 *   recomputation when the sales or leases changed.
 * - `accuracy_runs` and `accuracy_figures`: each backtest (when, how long, a failure in words) and what
 *   it measured per market, per ZIP and over all, with the bounds of the ranges shown since.
 *
 * The rent estimate now adjusts its leases by the market's model, and every listing gets a value
 * estimate: every listing is recomputed (at the next start, as after a crash).
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table properties add column value_estimate json, add column value_gap_percent double precision`.execute(db);
  await sql`alter table property_returns add column value_gap_percent double precision`.execute(db);
  await writeReturnsTrigger(db, [...RETURNS_COLUMNS, 'value_gap_percent']);
  await sql`alter table saved_searches add column min_below_value double precision`.execute(db);

  await sql`
    create table market_models (
      kind text not null check (kind in ('value', 'rent')),
      market text not null,
      city text not null,
      state text not null,
      ref_month integer not null,
      observations integer not null,
      model json not null,
      primary key (kind, market)
    )`.execute(db);
  await sql`
    create table market_model_fits (
      kind text primary key check (kind in ('value', 'rent')),
      fingerprint text not null,
      as_of date,
      fitted_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table accuracy_runs (
      id integer generated always as identity primary key,
      trigger text not null,
      started_at timestamptz not null default now(),
      finished_at timestamptz,
      heartbeat_at timestamptz not null default now(),
      status text not null default 'running' check (status in ('running', 'succeeded', 'failed')),
      error text,
      fingerprint text,
      sales_as_of date,
      leases_as_of date,
      sales_tested integer,
      sales_estimated integer,
      leases_tested integer,
      leases_estimated integer
    )`.execute(db);
  await sql`
    create table accuracy_figures (
      run_id integer not null references accuracy_runs (id) on delete cascade,
      kind text not null check (kind in ('value', 'rent')),
      level text not null check (level in ('all', 'city', 'zip')),
      city text not null default '',
      state text not null default '',
      zip text not null default '',
      tested integer not null,
      count integer not null,
      median_ratio double precision,
      cod double precision,
      prd double precision,
      median_abs_error double precision,
      within_5 double precision,
      within_10 double precision,
      within_20 double precision,
      bias double precision,
      coverage double precision,
      histogram json not null,
      range_lower double precision,
      range_upper double precision,
      range_count integer,
      range_basis text not null check (range_basis in ('market', 'pooled')),
      primary key (run_id, kind, level, state, city, zip)
    )`.execute(db);

  await sql`update properties set needs_recompute = true`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table accuracy_figures`.execute(db);
  await sql`drop table accuracy_runs`.execute(db);
  await sql`drop table market_model_fits`.execute(db);
  await sql`drop table market_models`.execute(db);
  await sql`alter table saved_searches drop column min_below_value`.execute(db);
  await writeReturnsTrigger(db, RETURNS_COLUMNS);
  await sql`alter table property_returns drop column value_gap_percent`.execute(db);
  await sql`alter table properties drop column value_estimate, drop column value_gap_percent`.execute(db);
}
