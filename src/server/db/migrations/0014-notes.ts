import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * The radial menu's Record: a user's notes kept on the server so they follow the user across devices,
 * one general note and one per property (property_id null = the general one).
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table notes (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      property_id uuid references properties(id) on delete cascade,
      body text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index notes_user_property_idx on notes (user_id, property_id) nulls not distinct`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table notes`.execute(db);
}
