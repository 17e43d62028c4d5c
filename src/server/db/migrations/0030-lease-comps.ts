import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * Rents from lease comps (issue 29; docs/investment-math.md, "Rent from lease comps"):
 * - `leases` (listings): closed residential leases from the feed (RESO PropertyType ResidentialLease,
 *   StandardStatus Closed; ClosePrice is the monthly rent) and the demo data; found by position like
 *   the sold comps.
 * - `properties.rent_estimate`: the lease comps' estimate of the listing's rent (median, 25th–75th
 *   percentile, how many leases, how far, how recent) and where the engine's rent came from, as the
 *   last recomputation wrote it; `lease_comp_ids` the leases it used.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table leases (
      id uuid primary key default gen_random_uuid(),
      listing_key text not null unique,
      rent double precision not null,
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
  await sql`create index leases_lng_lat_idx on leases (longitude, latitude)`.execute(db);
  await sql`
    alter table properties
      add column rent_estimate json,
      add column lease_comp_ids uuid[] not null default '{}'`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table properties drop column lease_comp_ids, drop column rent_estimate`.execute(db);
  await sql`drop table leases`.execute(db);
}
