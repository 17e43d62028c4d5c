import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * Listed properties, sold comps and mortgage rates (docs/listings.md).
 *
 * Column names are snake_case; the API maps them to the spec's names (LatestListingPrice, ...).
 * Money and coordinates are double precision so they come back as JS numbers on both drivers.
 * Both location indexes are core PostgreSQL (no PostGIS), so they work on PGlite too:
 *   - btree (longitude, latitude, id): the bounds search pages in exactly this order (keyset),
 *     with the latitude range checked inside the index;
 *   - GiST on point(longitude, latitude): box queries (comps prefilter, nearby properties).
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table properties (
      id uuid primary key default gen_random_uuid(),
      listing_key text not null unique,
      list_price double precision not null,
      remarks text not null default '',
      beds integer,
      baths_full integer,
      baths_half integer,
      baths_three_quarter integer,
      baths_total integer generated always as
        (coalesce(baths_full, 0) + coalesce(baths_half, 0) + coalesce(baths_three_quarter, 0)) stored,
      area integer,
      address_full text not null default '',
      city text not null default '',
      state text not null default '',
      zip text not null default '',
      latitude double precision not null,
      longitude double precision not null,
      monthly_rent double precision,
      rehab_estimate double precision,
      arv_estimate double precision,
      nightly_rate double precision,
      comp_ids uuid[] not null default '{}',
      deal_status text not null default 'Market Price',
      marker_color jsonb,
      confidence jsonb,
      inputs jsonb,
      results_rate double precision,
      buy_hold jsonb,
      brrrr jsonb,
      fix_flip jsonb,
      short_term jsonb,
      needs_recompute boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index properties_lng_lat_id_idx on properties (longitude, latitude, id)`.execute(db);
  await sql`create index properties_point_gist_idx on properties using gist (point(longitude, latitude))`.execute(db);
  await sql`create index properties_needs_recompute_idx on properties (longitude, latitude, id) where needs_recompute`.execute(
    db,
  );

  await sql`
    create table sold_comps (
      id uuid primary key default gen_random_uuid(),
      listing_key text not null unique,
      close_price double precision not null,
      list_price double precision,
      close_date date not null,
      beds integer,
      baths_full integer,
      baths_half integer,
      baths_three_quarter integer,
      baths_total integer generated always as
        (coalesce(baths_full, 0) + coalesce(baths_half, 0) + coalesce(baths_three_quarter, 0)) stored,
      area integer,
      address_full text not null default '',
      city text not null default '',
      state text not null default '',
      zip text not null default '',
      latitude double precision not null,
      longitude double precision not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sold_comps_lng_lat_idx on sold_comps (longitude, latitude)`.execute(db);
  await sql`create index sold_comps_point_gist_idx on sold_comps using gist (point(longitude, latitude))`.execute(db);
  await sql`create index sold_comps_close_date_idx on sold_comps (close_date)`.execute(db);

  await sql`
    create table rates (
      id uuid primary key default gen_random_uuid(),
      product text not null,
      rate double precision not null,
      as_of date not null,
      source text not null default '',
      created_at timestamptz not null default now(),
      unique (product, as_of)
    )`.execute(db);
  await sql`create index rates_product_as_of_idx on rates (product, as_of desc)`.execute(db);

  // Freddie Mac Primary Mortgage Market Survey, week of 20 November 2025.
  await sql`
    insert into rates (product, rate, as_of, source) values
      ('30-Year Fixed', 6.26, '2025-11-20', 'Freddie Mac PMMS'),
      ('15-Year Fixed', 5.54, '2025-11-20', 'Freddie Mac PMMS')`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table if exists rates`.execute(db);
  await sql`drop table if exists sold_comps`.execute(db);
  await sql`drop table if exists properties`.execute(db);
}
