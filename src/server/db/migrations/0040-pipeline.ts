import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * An investor's pipeline (issue 40, docs/investor-api.md "Pipeline"): the properties they work, each in
 * a stage, with every move. A deal outlives its listing — a listing that sells or leaves the feed is
 * removed from the listings — so it keeps the listing's key, address and last price, and its property
 * id turns null.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table pipeline_deals (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      property_id uuid references properties(id) on delete set null,
      listing_key text not null,
      address text not null,
      city text not null,
      state text not null,
      zip text not null,
      latitude double precision,
      longitude double precision,
      list_price integer,
      stage text not null check (stage in ('watching', 'analysing', 'offer-made', 'under-contract', 'owned', 'passed')),
      offer_price integer check (offer_price > 0),
      stage_since timestamptz not null default now(),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (user_id, listing_key)
    )`.execute(db);
  // The listings' deletes set property_id null through it.
  await sql`create index pipeline_deals_property_idx on pipeline_deals (property_id)`.execute(db);
  await sql`
    create table pipeline_moves (
      id bigint generated always as identity primary key,
      deal_id uuid not null references pipeline_deals(id) on delete cascade,
      stage text not null,
      moved_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index pipeline_moves_deal_idx on pipeline_moves (deal_id, id)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table pipeline_moves`.execute(db);
  await sql`drop table pipeline_deals`.execute(db);
}
