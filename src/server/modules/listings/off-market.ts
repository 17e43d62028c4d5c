import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { OffMarketRecord } from './feed-records';
import { lastPerKey } from './upsert-sql';

/**
 * Listings that left the market are marked, not deleted (docs/listings.md, "Off market"): deleting
 * one would take its users' notes, price history and saved items with it. A marked listing is on no
 * map, search, top list, cluster, returns heat map or alert (properties_map_idx and the returns copy
 * hold only listed ones, migration 0032); its page still opens and says since when and why. An
 * Active row for its key lists it again (upsertListings clears the mark).
 */

/** Why the reconciliation marked a listing: the feed no longer lists it as active. */
export const NOT_IN_FEED = 'Not in feed';

/**
 * Marks these listings off market (keys we do not have are skipped). A listing already marked keeps
 * its date and takes the new status. Returns how many left the map (were listed until now).
 */
export async function markOffMarket(db: Db, records: readonly OffMarketRecord[]): Promise<number> {
  const rows = lastPerKey(records);
  if (!rows.length) return 0;
  // The statement's parts see the table as it was before it: `prior` tells which rows were listed.
  const result = await sql<{ n: number }>`
    with v as (
      select * from json_to_recordset(${JSON.stringify(rows)}::json) as v(listing_key text, status text, changed_at timestamptz)
    ),
    up as (
      update properties p set off_market_at = coalesce(p.off_market_at, v.changed_at, now()), off_market_status = v.status,
        updated_at = now()
      from v
      where p.listing_key = v.listing_key and p.off_market_status is distinct from v.status
      returning p.id
    )
    select count(*)::int as n from up join properties prior on prior.id = up.id where prior.off_market_at is null`.execute(db);
  return result.rows[0].n;
}

/**
 * The reconciliation's candidates: the keys of listed listings (not off market) that are not among
 * the feed's active ones. One anti-join (hashed, spilling to disk past work_mem), however many keys.
 */
export async function listedKeysNotIn(db: Db, activeKeys: readonly string[]): Promise<string[]> {
  const result = await sql<{ keys: string | null }>`
    select json_agg(p.listing_key)::text as keys from properties p
    where p.off_market_at is null
      and not exists (select 1 from json_array_elements_text(${JSON.stringify(activeKeys)}::json) as k(key) where k.key = p.listing_key)`.execute(
    db,
  );
  const keys = result.rows[0]?.keys;
  return keys ? (JSON.parse(keys) as string[]) : [];
}

/** How many listings are on the map (not marked off market). */
export async function countListed(db: Db): Promise<number> {
  const result = await sql<{ n: number }>`select count(*)::int as n from properties where off_market_at is null`.execute(db);
  return result.rows[0].n;
}
