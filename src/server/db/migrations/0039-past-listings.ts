import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * Listings that left the market before this database held them, known only by their place, their
 * time on the market and their prices (docs/markets.md, "Past listings"): what a market's inventory,
 * days on market and price cuts were in the months before the first listing arrived. The demo load
 * writes its market's three years here (docs/listings.md); nothing else reads them but the trends.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table past_listings (
      listing_key text primary key,
      city text not null,
      state text not null,
      zip text not null,
      area integer,
      latitude double precision not null,
      longitude double precision not null,
      list_price integer not null check (list_price > 0),
      -- Its cuts, oldest first: the day of each and the price it went to.
      cut_dates date[] not null default '{}',
      cut_prices integer[] not null default '{}',
      on_market_date date not null,
      off_market_date date not null,
      created_at timestamptz not null default now(),
      check (off_market_date >= on_market_date),
      check (cardinality(cut_dates) = cardinality(cut_prices))
    )`.execute(db);
  // A rebuild from month M reads the ones that left from M on (those listed from M on among them), and
  // the listings' figures start with the first that left. One index: each costs the demo's write ~3 s.
  await sql`create index past_listings_off_market_date_idx on past_listings (off_market_date)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table past_listings`.execute(db);
}
