import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** A pass whose heartbeat is older than this is not running (its server stopped or died). */
export const HEARTBEAT_STALE_SECONDS = 30;

export interface PricingState {
  /** Finished re-pricing passes that rewrote listings: the pricing version. */
  version: number;
  /** A re-price asked for and not yet begun. */
  requested: boolean;
  running: boolean;
  done: number;
  total: number;
}

/** The cluster's re-pricing state (migration 0026), as every server reports it. */
export async function readPricingState(db: Db): Promise<PricingState> {
  const { rows } = await sql<PricingState>`
    select version, requested_at is not null as requested,
      running_since is not null and heartbeat_at > now() - ${HEARTBEAT_STALE_SECONDS} * interval '1 second' as running,
      done, total
    from pricing_state`.execute(db);
  return rows[0] ?? { version: 0, requested: false, running: false, done: 0, total: 0 };
}

/** Asks for a re-price (whichever server holds the re-pricing lock does it). */
export async function requestRepricing(db: Db): Promise<void> {
  await sql`update pricing_state set requested_at = clock_timestamp()`.execute(db);
}

/**
 * Begins a pass if one is asked for: clears the request (a later one sets it again) and marks the
 * pass running. False when nothing is asked.
 */
export async function beginRequestedPass(db: Db): Promise<boolean> {
  const { rows } = await sql<{ begun: boolean }>`
    update pricing_state set requested_at = null, running_since = now(), heartbeat_at = now(), done = 0, total = 0
    where requested_at is not null
    returning true as begun`.execute(db);
  return rows.length > 0;
}

/** The running pass's progress (and its heartbeat). */
export async function recordPassProgress(db: Db, done: number, total: number): Promise<void> {
  await sql`update pricing_state set done = ${done}, total = ${total}, heartbeat_at = now()`.execute(db);
}

/** The pass ended; one that rewrote listings moves the pricing version on. */
export async function endPass(db: Db, rewrote: boolean): Promise<void> {
  await sql`
    update pricing_state set running_since = null, heartbeat_at = now(),
      version = version + ${rewrote ? 1 : 0}`.execute(db);
}
