import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * Market trends (issue 39; docs/markets.md): each city's and ZIP's monthly figures, rebuilt by the
 * market-trends worker after the listings change (not on a request), and when that last happened.
 * `kind` and `key` are the places' (`city`, "austin|TX"; `zip`, "78701").
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table market_trend_months (
      kind text not null check (kind in ('city', 'zip')),
      key text not null,
      month date not null,
      active_count integer not null default 0,
      list_price_median double precision,
      list_ppsf_median double precision,
      list_ppsf_count integer not null default 0,
      new_listings integer not null default 0,
      dom_median double precision,
      cut_count integer not null default 0,
      sold_count integer not null default 0,
      sold_price_median double precision,
      sold_ppsf_median double precision,
      sold_ppsf_count integer not null default 0,
      sale_to_list_median double precision,
      sale_to_list_count integer not null default 0,
      lease_count integer not null default 0,
      rent_median double precision,
      rent_ppsf_median double precision,
      rent_ppsf_count integer not null default 0,
      primary key (kind, key, month)
    )`.execute(db);
  await sql`
    create table market_trends_state (
      id integer primary key default 1 check (id = 1),
      fingerprint text not null,
      refreshed_at timestamptz not null,
      took_ms integer not null,
      rows integer not null
    )`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table market_trends_state`.execute(db);
  await sql`drop table market_trend_months`.execute(db);
}
