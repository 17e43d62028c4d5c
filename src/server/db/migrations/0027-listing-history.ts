import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * Days on market and price history (issue 28, docs/listings.md): when a listing came on the market,
 * its original list price, its last price change, the cut from the original price (computed by
 * PostgreSQL, so the filters, sorts and clusters read one column) and every price change an import saw.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    alter table properties
      add column on_market_date date,
      add column original_list_price double precision,
      add column price_changed_at timestamptz,
      add column price_cut_percent double precision generated always as (
        case when original_list_price > list_price
          then round((100 * (original_list_price - list_price) / original_list_price)::numeric, 1)::double precision
          else 0 end) stored`.execute(db);
  await sql`
    create table price_history (
      id bigint generated always as identity primary key,
      property_id uuid not null references properties(id) on delete cascade,
      old_price double precision not null,
      new_price double precision not null,
      changed_at timestamptz not null
    )`.execute(db);
  await sql`create index price_history_property_idx on price_history (property_id, changed_at)`.execute(db);
  await sql`create index price_history_changed_idx on price_history (changed_at)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table price_history`.execute(db);
  await sql`
    alter table properties drop column price_cut_percent, drop column price_changed_at,
      drop column original_list_price, drop column on_market_date`.execute(db);
}
