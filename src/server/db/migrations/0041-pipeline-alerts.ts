import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * What a watched pipeline deal's listing did (issue 40): a price cut, a status change or a new sold comp,
 * each recorded once (the unique key: the cut's price, the new status or the comp's id) and shown in the
 * bell beside the saved searches' alerts. Owned by the pipeline module; written by the alert worker's pass.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table pipeline_alerts (
      id uuid primary key default gen_random_uuid(),
      deal_id uuid not null references pipeline_deals(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      reason text not null check (reason in ('price_cut', 'status_change', 'new_comp')),
      key text not null,
      price double precision,
      previous_price double precision,
      status text,
      comp_address text,
      created_at timestamptz not null default now(),
      read_at timestamptz,
      unique (deal_id, reason, key)
    )`.execute(db);
  await sql`create index pipeline_alerts_user_idx on pipeline_alerts (user_id, created_at desc)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table pipeline_alerts`.execute(db);
}
