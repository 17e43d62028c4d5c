import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * A property's analysis shared as a read-only link (issue 40): the analysis as it was when shared (the
 * property, its comps, the inputs and the sharer's name, one JSON document), when the link expires,
 * whether it was revoked, and how often it was opened. Owned by the saved-calculations module.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table shared_reports (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      property_id uuid references properties(id) on delete set null,
      address text not null,
      report jsonb not null,
      expires_at timestamptz not null,
      revoked_at timestamptz,
      views integer not null default 0,
      last_viewed_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index shared_reports_user_idx on shared_reports (user_id, created_at desc)`.execute(db);
  // The listings' deletes set property_id null through it.
  await sql`create index shared_reports_property_idx on shared_reports (property_id)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table shared_reports`.execute(db);
}
