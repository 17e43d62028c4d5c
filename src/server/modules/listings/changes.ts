import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * The signal that listings changed (migration 0029's `listing_changes`, one row), for whatever
 * watches them (the saved searches' alerts). Written wherever listing changes end: a feed import
 * (also `npm run import`, a process of its own: it only writes this row, and the running server
 * picks it up), a recomputation, a re-pricing pass, a market's new assumptions, the demo load.
 */

/** The channel a change is announced on (PostgreSQL); the payload is the schema (db/notices.ts). */
export const LISTINGS_CHANNEL = 'dealmap_listings';

/**
 * Bumps the change version and, on PostgreSQL, notifies LISTINGS_CHANNEL (PGlite has no other
 * process to tell: its server polls the row). Inside a transaction, both take effect at its commit.
 */
export async function noteListingsChanged(db: Db): Promise<void> {
  await sql`
    with bumped as (update listing_changes set version = version + 1, changed_at = now() returning version)
    select pg_notify(${LISTINGS_CHANNEL}, current_schema()) from bumped`.execute(db);
}

/** The change version now (the alert worker compares it with the one it handled). */
export async function listingChangesVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('listing_changes').select('version').executeTakeFirst();
  return row?.version ?? 0;
}
