import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * Every statement that writes users, sessions or roles sends a notice on the `dealmap_auth` channel
 * (its payload the schema), delivered when its transaction commits: each server forgets the session
 * checks it remembers (modules/auth/session-cache.ts), so a sign-out, a deactivation or a role change
 * made on one server holds on all of them at once. Statement triggers, so a bulk write sends one.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create function dealmap_auth_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('dealmap_auth', current_schema());
      return null;
    end
    $$`.execute(db);
  for (const table of ['users', 'sessions', 'roles']) {
    await sql`
      create trigger ${sql.raw(`${table}_auth_changed`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function dealmap_auth_changed()`.execute(db);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['users', 'sessions', 'roles']) {
    await sql`drop trigger ${sql.raw(`${table}_auth_changed`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function dealmap_auth_changed()`.execute(db);
}
