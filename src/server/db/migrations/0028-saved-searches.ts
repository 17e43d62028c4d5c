import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * Saved searches and their alerts (issue 28, docs/map-search.md). A search keeps the view and the
 * query as the URL carries it (`query`, to restore it) and the same filters as typed columns, which
 * the matcher joins against the changed listings in one statement. Each (search, listing, reason) is
 * an alert once: a further price cut is a new reason (its price in `cut_price`; 0 for the others).
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table saved_searches (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      name text not null,
      south double precision not null,
      west double precision not null,
      north double precision not null,
      east double precision not null,
      place text,
      query jsonb not null default '{}',
      min_price double precision,
      max_price double precision,
      min_beds double precision,
      min_baths double precision,
      deal text[],
      strategy text,
      min_coc double precision,
      min_days integer,
      max_days integer,
      min_cut double precision,
      alert text not null default 'instant' check (alert in ('instant', 'daily', 'off')),
      last_viewed_at timestamptz not null default now(),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index saved_searches_user_idx on saved_searches (user_id, created_at)`.execute(db);
  await sql`create unique index saved_searches_user_name_idx on saved_searches (user_id, lower(name))`.execute(db);
  await sql`
    create table alert_matches (
      id uuid primary key default gen_random_uuid(),
      search_id uuid not null references saved_searches(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      property_id uuid not null references properties(id) on delete cascade,
      reason text not null check (reason in ('new', 'price_cut', 'now_pays')),
      cut_price double precision not null default 0,
      price double precision not null,
      cash_on_cash double precision,
      matched_at timestamptz not null default now(),
      read_at timestamptz,
      emailed_at timestamptz,
      unique (search_id, property_id, reason, cut_price)
    )`.execute(db);
  await sql`create index alert_matches_user_idx on alert_matches (user_id, matched_at desc)`.execute(db);
  await sql`create index alert_matches_unsent_idx on alert_matches (user_id) where emailed_at is null`.execute(db);
  await sql`create index alert_matches_property_idx on alert_matches (property_id)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table alert_matches`.execute(db);
  await sql`drop table saved_searches`.execute(db);
}
