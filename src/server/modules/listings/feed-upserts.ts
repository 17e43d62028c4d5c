import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { MAX_COMP_RADIUS_MILES } from '../../../shared/comps';
import {
  LISTING_COLUMNS,
  LISTING_HISTORY_COLUMNS,
  LISTING_RECORD_FIELDS,
  SOLD_COLUMNS,
  type ListingRecord,
  type SoldRecord,
} from './feed-records';
import {
  ANY_CLEAN_LISTING,
  columnList,
  lastPerKey,
  markListingsNear,
  placesOf,
  recordset,
  withNewIds,
  type UpsertCounts,
} from './upsert-sql';

/**
 * The feed's batched upserts of listings and sold comps: each writes only what changed and marks for
 * recomputation what the change touches (docs/listings.md).
 */

export interface ListingUpsertCounts extends UpsertCounts {
  /** The price_history rows written. */
  priceChanges: number;
}

/** One list price change of a listing, as upsertListings' `priceHistory` takes it. */
export interface ListingPriceChange {
  listing_key: string;
  old_price: number;
  new_price: number;
  /** ISO timestamp */
  changed_at: string;
}

export interface UpsertListingsOptions {
  /**
   * Earlier price changes of the listings this call writes (the demo data's cuts), recorded for those
   * with none recorded yet, in place of the one a new listing's feed row implies (an OriginalListPrice
   * other than its ListPrice, with a PriceChangeTimestamp). An unchanged listing is not written, so
   * nothing is added to it.
   */
  priceHistory?: readonly ListingPriceChange[];
}

/** The listings' and sold comps' upserts over `db` (the database or a transaction). */
export function createFeedUpserts(db: Db) {
  return {
    /**
     * Inserts new listings and updates changed ones (marking them for recomputation when a field the
     * analysis reads changed); a row whose every field is unchanged is not written, so its updated_at
     * stays. An Active row of a listing marked off market lists it again (the mark is cleared). A listing whose list price changes gets a price_history row in the same statement
     * (docs/listings.md, "Days on market and price history"); so does a new listing whose feed row
     * says it was re-priced (OriginalListPrice and PriceChangeTimestamp), unless `priceHistory` gives
     * the changes (the demo data's several cuts).
     */
    async upsertListings(records: readonly ListingRecord[], options: UpsertListingsOptions = {}): Promise<ListingUpsertCounts> {
      const rows = lastPerKey(records);
      if (!rows.length) return { inserted: 0, updated: 0, unchanged: 0, priceChanges: 0 };
      const data = LISTING_COLUMNS.filter((c) => c !== 'listing_key');
      // The stored history merged with the feed's: what the feed omits is kept, a new list price sets
      // the time of the change and keeps the price it was cut from as the original.
      const repriced = sql`excluded.list_price <> p.list_price`;
      const merged = {
        on_market_date: sql`coalesce(excluded.on_market_date, p.on_market_date)`,
        original_list_price: sql`coalesce(excluded.original_list_price, p.original_list_price, case when ${repriced} then p.list_price end)`,
        price_changed_at: sql`case when ${repriced}
            then case when excluded.price_changed_at > coalesce(p.price_changed_at, '-infinity') then excluded.price_changed_at else now() end
            else greatest(p.price_changed_at, excluded.price_changed_at) end`,
      };
      const history = LISTING_HISTORY_COLUMNS.map((c) => merged[c]);
      // The earlier changes: those given, for the written listings with none recorded yet; else the
      // one a new listing's feed row implies.
      const earlierChanges = options.priceHistory
        ? sql`select up.id, h.old_price, h.new_price, h.changed_at
            from up join json_to_recordset(${JSON.stringify(options.priceHistory)}::json)
              as h(listing_key text, old_price float8, new_price float8, changed_at timestamptz) on h.listing_key = up.listing_key
            where up.inserted or not exists (select 1 from price_history recorded where recorded.property_id = up.id)`
        : sql`select id, original_list_price, list_price, price_changed_at from up
            where inserted and price_changed_at is not null and original_list_price <> list_price`;
      // The statement's parts all see the tables as they were before it: joined to `properties`, a
      // written row finds the version it replaced, and so its old list price.
      const result = await sql<{ inserted: number; updated: number; changes: number }>`
        with up as (
          insert into properties as p (id, ${columnList(LISTING_COLUMNS)}, ${columnList(LISTING_HISTORY_COLUMNS)})
          select id, ${columnList(LISTING_COLUMNS)}, coalesce(on_market_date, current_date - days_on_market), original_list_price, price_changed_at
          from json_to_recordset(${JSON.stringify(withNewIds(rows))}::json) as v(${recordset(LISTING_RECORD_FIELDS, { id: 'uuid' })})
          on conflict (listing_key) do update set
            ${sql.raw(data.map((c) => `${c} = excluded.${c}`).join(', '))},
            ${sql.join(LISTING_HISTORY_COLUMNS.map((c) => sql`${sql.id(c)} = ${merged[c]}`))},
            needs_recompute = p.needs_recompute or (${columnList(data, 'p.')}) is distinct from (${columnList(data, 'excluded.')}),
            off_market_at = null, off_market_status = null,
            updated_at = now()
          where (${columnList(data, 'p.')}, ${columnList(LISTING_HISTORY_COLUMNS, 'p.')}) is distinct from (${columnList(data, 'excluded.')}, ${sql.join(history)})
            or p.off_market_at is not null
          returning id, listing_key, list_price, original_list_price, price_changed_at, (xmax = 0) as inserted
        ),
        changes as (
          insert into price_history (property_id, old_price, new_price, changed_at)
          select up.id, prior.list_price, up.list_price, up.price_changed_at
          from up join properties prior on prior.id = up.id
          where not up.inserted and prior.list_price <> up.list_price
          union all
          ${earlierChanges}
          returning 1
        )
        select (select count(*) filter (where inserted) from up)::int as inserted,
          (select count(*) filter (where not inserted) from up)::int as updated,
          (select count(*) from changes)::int as changes`.execute(db);
      const { inserted, updated, changes } = result.rows[0];
      return { inserted, updated, unchanged: rows.length - inserted - updated, priceChanges: changes };
    },

    /**
     * Inserts new sold comps and updates changed ones. A listing whose key now closed is removed from
     * the listings (it sold). Listings near a changed sale (within the widest comp radius) and listings
     * that used a changed sale as a comp are marked for recomputation.
     */
    async upsertSold(records: readonly SoldRecord[]): Promise<UpsertCounts & { removedListings: number }> {
      const rows = lastPerKey(records);
      if (!rows.length) return { inserted: 0, updated: 0, unchanged: 0, removedListings: 0 };
      const data = SOLD_COLUMNS.filter((c) => c !== 'listing_key');
      // One statement (each a round trip, and PGlite's thread waits for Node between them): its parts
      // see the tables as they were before it, so `before` holds where the changed sales were, and
      // `clean` whether any listing is not marked yet. The written sales come back as one row (counts,
      // places as JSON text), not a row each: PGlite hands rows over field by field, slowly.
      const result = await sql<{
        inserted: number;
        updated: number;
        removed: number;
        places: string | null;
        before: string | null;
        clean: boolean;
      }>`
        with v as materialized (
          select id, ${columnList(SOLD_COLUMNS)},
            -- The listing that sold (removed below) came on the market then: the market trends count it
            -- on the market until its close (docs/markets.md).
            (select coalesce(p.on_market_date, (p.created_at at time zone 'UTC')::date) from properties p
              where p.listing_key = v.listing_key) as on_market_date
          from json_to_recordset(${JSON.stringify(withNewIds(rows))}::json) as v(${recordset(SOLD_COLUMNS, { id: 'uuid' })})
        ),
        up as (
          insert into sold_comps as s (id, ${columnList(SOLD_COLUMNS)}, on_market_date)
          select id, ${columnList(SOLD_COLUMNS)}, on_market_date from v
          on conflict (listing_key) do update set
            ${sql.raw(data.map((c) => `${c} = excluded.${c}`).join(', '))},
            on_market_date = coalesce(s.on_market_date, excluded.on_market_date),
            updated_at = now()
          where (${columnList(data, 's.')}) is distinct from (${columnList(data, 'excluded.')})
            or (s.on_market_date is null and excluded.on_market_date is not null)
          returning id, latitude, longitude, (xmax = 0) as inserted
        ),
        removed as (
          delete from properties where listing_key in (select listing_key from v) returning 1
        )
        select (select count(*) filter (where inserted) from up)::int as inserted,
          (select count(*) filter (where not inserted) from up)::int as updated,
          (select count(*) from removed)::int as removed,
          (select json_agg(json_build_array(id, latitude, longitude)) from up)::text as places,
          (select json_agg(json_build_array(s.id, s.latitude, s.longitude)) from sold_comps s join up on up.id = s.id
            where not up.inserted)::text as before,
          -- A probe of markListingsNear's partial index, empty during a first import.
          ${ANY_CLEAN_LISTING} as clean`.execute(db);
      const { inserted, updated, removed, places, before, clean } = result.rows[0];
      // Where the changed sales are now, and where they were: listings there may gain or lose them as comps.
      if (clean) await markListingsNear(db, placesOf(places, before), MAX_COMP_RADIUS_MILES);
      return { inserted, updated, unchanged: rows.length - inserted - updated, removedListings: removed };
    },
  };
}
