import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * Recent place searches of the map (docs/map-search.md): newest first, at most 10 kept per user,
 * one row per (user, place name) — searching a name again moves it to the top.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table recent_searches (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      place_id text,
      name text not null,
      formatted_address text not null default '',
      lat double precision not null,
      lng double precision not null,
      viewport jsonb,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index recent_searches_user_name_idx on recent_searches (user_id, lower(name))`.execute(db);
  await sql`create index recent_searches_user_created_idx on recent_searches (user_id, created_at desc, id desc)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table if exists recent_searches`.execute(db);
}
