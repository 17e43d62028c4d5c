import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * An investor's portfolio (issue 40, docs/portfolio.md): the properties they own — from a pipeline deal in
 * the Owned stage, by address or by CSV — with the purchase, its loan and the projection made then
 * (JSON documents of the wire's PortfolioLoan and PortfolioPlan), each month's actuals, and each month's
 * snapshot of Dealmap's estimates, kept so the history does not move when today's estimate does.
 * Owned by the portfolio module.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table portfolio_properties (
      id uuid primary key default gen_random_uuid(),
      -- The order they were added in (an import's rows share one now()).
      seq bigint generated always as identity,
      user_id uuid not null references users(id) on delete cascade,
      deal_id uuid unique references pipeline_deals(id) on delete set null,
      property_id uuid references properties(id) on delete set null,
      address text not null,
      city text not null,
      state text not null,
      zip text not null,
      latitude double precision,
      longitude double precision,
      beds integer,
      baths double precision,
      area integer,
      purchase_price integer not null check (purchase_price > 0),
      purchase_date date not null,
      loan jsonb,
      plan jsonb not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index portfolio_properties_user_idx on portfolio_properties (user_id, seq)`.execute(db);
  // The listings' deletes set property_id null through it.
  await sql`create index portfolio_properties_property_idx on portfolio_properties (property_id)`.execute(db);
  await sql`
    create table portfolio_months (
      portfolio_property_id uuid not null references portfolio_properties(id) on delete cascade,
      month text not null check (month ~ '^\\d{4}-(0[1-9]|1[0-2])$'),
      rent integer not null check (rent >= 0),
      vacant_days integer not null check (vacant_days between 0 and 31),
      expenses integer not null check (expenses >= 0),
      note text,
      updated_at timestamptz not null default now(),
      primary key (portfolio_property_id, month)
    )`.execute(db);
  await sql`
    create table portfolio_snapshots (
      portfolio_property_id uuid not null references portfolio_properties(id) on delete cascade,
      month text not null,
      value integer,
      value_low integer,
      value_high integer,
      rent integer,
      rent_low integer,
      rent_high integer,
      recorded_at timestamptz not null default now(),
      primary key (portfolio_property_id, month)
    )`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table portfolio_snapshots`.execute(db);
  await sql`drop table portfolio_months`.execute(db);
  await sql`drop table portfolio_properties`.execute(db);
}
