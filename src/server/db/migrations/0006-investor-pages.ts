import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * The investor pages' own data (docs/investor-api.md): a user's saved what-if calculations and an
 * agent's contacts with the properties linked to them. Every row goes with its user (and a saved
 * calculation or link with its property): ON DELETE CASCADE, so deleting a user or a listing needs
 * no extra step.
 *
 * The contacts' property picker searches the formatted address ("123 Main St, Austin, TX 78701",
 * lower-cased) by substring; a pg_trgm GIN index on that expression serves it when the extension
 * was installed by 0002-admin (otherwise the search scans).
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table saved_calculations (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      property_id uuid not null references properties(id) on delete cascade,
      name text not null,
      strategy text not null,
      what_if jsonb not null,
      results jsonb not null,
      rate double precision not null,
      list_price double precision not null,
      comp_ids uuid[] not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index saved_calculations_user_name_idx on saved_calculations (user_id, lower(name))`.execute(db);
  await sql`create index saved_calculations_user_created_idx on saved_calculations (user_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index saved_calculations_property_idx on saved_calculations (property_id)`.execute(db);

  await sql`
    create table contacts (
      id uuid primary key default gen_random_uuid(),
      agent_id uuid not null references users(id) on delete cascade,
      name text not null,
      email text not null default '',
      phone text not null default '',
      notes text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index contacts_agent_name_idx on contacts (agent_id, lower(name), id)`.execute(db);

  await sql`
    create table contact_properties (
      contact_id uuid not null references contacts(id) on delete cascade,
      property_id uuid not null references properties(id) on delete cascade,
      primary key (contact_id, property_id)
    )`.execute(db);
  await sql`create index contact_properties_property_idx on contact_properties (property_id)`.execute(db);

  const trgm = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  if (trgm.rows[0]) {
    const ops = sql.id(trgm.rows[0].schema, 'gin_trgm_ops');
    await sql`
      create index properties_address_trgm_idx on properties
      using gin (lower(address_full || ', ' || city || ', ' || state || ' ' || zip) ${ops})`.execute(db);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index if exists properties_address_trgm_idx`.execute(db);
  await sql`drop table if exists contact_properties`.execute(db);
  await sql`drop table if exists contacts`.execute(db);
  await sql`drop table if exists saved_calculations`.execute(db);
}
