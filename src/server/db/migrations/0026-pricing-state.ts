import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * Re-pricing for the whole cluster (modules/listings/recomputer.ts): one row that every server reads and
 * whichever holds the re-pricing lock writes: a re-price asked for (and when), the pass running (its
 * progress and a heartbeat, so a pass whose server died is not reported as running), and the number
 * of finished passes — the pricing version every server answers on GET /rates/pricing.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table pricing_state (
      id boolean primary key default true check (id),
      version integer not null default 0,
      requested_at timestamptz,
      running_since timestamptz,
      heartbeat_at timestamptz,
      done integer not null default 0,
      total integer not null default 0
    )`.execute(db);
  await sql`insert into pricing_state default values`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table pricing_state`.execute(db);
}
