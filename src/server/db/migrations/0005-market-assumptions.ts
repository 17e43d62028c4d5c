import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * A market's overrides of the engine's default assumptions (docs/investment-math.md), e.g. Texas'
 * higher property tax. `{}` means the defaults. Listings belong to the market of their city and
 * state; the expression index finds a market's listings when its overrides change.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table markets add column assumptions jsonb not null default '{}'::jsonb`.execute(db);
  await sql`create index properties_city_state_idx on properties (lower(city), upper(state))`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index if exists properties_city_state_idx`.execute(db);
  await sql`alter table markets drop column if exists assumptions`.execute(db);
}
