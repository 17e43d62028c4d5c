import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/** A recent search keeps the search's filters with its place (their query parameters; {} for none). */
export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table recent_searches add column filters jsonb not null default '{}'::jsonb`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table recent_searches drop column filters`.execute(db);
}
