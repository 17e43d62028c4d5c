import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * Our own geocoding of the places the listings are in (GET /geocode): one row per city (with its
 * state) and per ZIP, with the extent and mean position of their listings and how many there are.
 * Rebuilt from `properties` after every bulk write (demo data, feed import), so an imported feed's
 * cities and ZIPs are found too.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table places (
      kind text not null check (kind in ('city', 'zip')),
      key text not null,
      city text not null,
      state text not null,
      zip text,
      latitude double precision not null,
      longitude double precision not null,
      south double precision not null,
      west double precision not null,
      north double precision not null,
      east double precision not null,
      listings integer not null,
      primary key (kind, key)
    )`.execute(db);
  await sql`create index places_city_idx on places (lower(city), state) where kind = 'city'`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table places`.execute(db);
}
