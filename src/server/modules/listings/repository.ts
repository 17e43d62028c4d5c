import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { boundingBox } from '../../../shared/geo/distance';
import type { Db } from '../../db/database';
import type { EngineInputs } from '../../db/schema';
import { marketOverridesJsonSql, type MarketOverrides } from '../catalog';
import { latestRateSql } from '../rates';
import { MAX_COMP_RADIUS_MILES } from '../../../shared/comps';
import {
  COLUMN_TYPES,
  LISTING_COLUMNS,
  LISTING_HISTORY_COLUMNS,
  LISTING_RECORD_FIELDS,
  SOLD_COLUMNS,
  type ListingRecord,
  type SoldRecord,
} from './records';

/**
 * The listings' and sold comps' reads and writes: batched upserts that write only what changed, the
 * reads and writes of the recomputation (recompute.ts runs it) and the marks that ask for it
 * (docs/listings.md). Every statement is plain PostgreSQL, the same on PGlite and on a server.
 */

export const recordset = (columns: readonly string[], extra: Record<string, string> = {}) =>
  sql.raw([...columns.map((c) => `${c} ${COLUMN_TYPES[c]}`), ...Object.entries(extra).map(([c, t]) => `${c} ${t}`)].join(', '));

export const cols = (columns: readonly string[], prefix = '') => sql.raw(columns.map((c) => prefix + c).join(', '));

/** The last record of each key wins (one statement cannot touch a row twice). */
export function lastPerKey<T extends { listing_key: string }>(records: readonly T[]): T[] {
  const byKey = new Map<string, T>();
  for (const r of records) {
    byKey.delete(r.listing_key);
    byKey.set(r.listing_key, r);
  }
  return [...byKey.values()];
}

/**
 * The rows with a new id each, used by those inserted (an update keeps its row's id). Made here, not
 * by the column's default: PGlite's gen_random_uuid() takes ~4 µs a row (its random bytes come from
 * JavaScript), a tenth of a first import's database time; Node's randomUUID() well under 1 µs.
 */
export function withNewIds<T extends object>(rows: readonly T[]): Array<T & { id: string }> {
  return rows.map((row) => ({ ...row, id: randomUUID() }));
}

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

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

/**
 * Marks for recomputation the listings within `radiusMiles` of these places (a changed sale's or
 * lease's new and old locations: the listings that could gain or lose it as a comp). Each box is
 * looked up in the partial GiST index of the listings not yet marked (migration 0019): two-dimensional,
 * and empty while a first import's new listings all wait for their computation anyway (the upserts
 * then skip this, probing it with ANY_CLEAN_LISTING: the boxes' join cost ~50 ms a batch of 5,000 on PGlite).
 */
export async function markListingsNear(
  db: Db,
  places: ReadonlyArray<{ latitude: number; longitude: number }>,
  radiusMiles: number,
): Promise<void> {
  if (!places.length) return;
  const boxes = places.map((s) => boundingBox(s.latitude, s.longitude, radiusMiles * 1.01));
  await sql`
    update properties p set needs_recompute = true
    from json_to_recordset(${JSON.stringify(boxes)}::json) as b(south float8, north float8, west float8, east float8)
    where not p.needs_recompute and point(p.longitude, p.latitude) <@ box(point(b.west, b.south), point(b.east, b.north))`.execute(
    db,
  );
}

/** Whether any listing is not marked for recomputation: a probe of markListingsNear's partial index. */
export const ANY_CLEAN_LISTING = sql<boolean>`exists (select 1 from properties where not needs_recompute
  and point(longitude, latitude) <@ box(point(-180, -90), point(180, 90)))`;

/** The [id, latitude, longitude] places of an upsert's JSON text (json_agg of json_build_array), none for null. */
export const placesOf = (...texts: Array<string | null>) =>
  texts
    .flatMap((text) => (text ? (JSON.parse(text) as Array<[string, number, number]>) : []))
    .map(([, latitude, longitude]) => ({ latitude, longitude }));

export interface DirtyRow {
  id: string;
  list_price: number;
  beds: number | null;
  baths: number | null;
  area: number | null;
  zip: string | null;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  monthly_rent: number | null;
  rehab_estimate: number | null;
  arv_estimate: number | null;
  nightly_rate: number | null;
}

export interface CompRow {
  id: string;
  latitude: number;
  longitude: number;
  beds: number | null;
  /** null when unknown (the table's total is 0 then). */
  baths: number | null;
  area: number | null;
  zip: string | null;
  close_price: number;
  close_date: string;
  /** close_date as days since 1970-01-01. */
  close_day: number;
}

/**
 * A result's cash-on-cash as its column stores it (migration 0022; the rule of `cashOnCash` in
 * src/shared/search-filters.ts): Infinity when no cash goes in, written as the string float8 reads.
 */
export const storedCoc = (r: { cashOnCashRoi: number | null; cashOnCashInfinite: boolean }): number | 'Infinity' | null =>
  r.cashOnCashInfinite ? 'Infinity' : r.cashOnCashRoi !== null && Number.isFinite(r.cashOnCashRoi) ? r.cashOnCashRoi : null;

/**
 * How closely the returns copy's rows must follow map order (the planner's correlation of their
 * longitude with their place on disk, 1 when sorted) before vacuumListings sorts them again.
 */
const RETURNS_ORDER_KEPT = 0.95;

const ANALYSIS_COLUMNS = [
  'comp_ids',
  'deal_status',
  'marker_color',
  'confidence',
  'inputs',
  'results_rate',
  'buy_hold',
  'brrrr',
  'fix_flip',
  'short_term',
  'buy_hold_coc',
  'brrrr_coc',
  'fix_flip_coc',
  'short_term_coc',
  'rent_estimate',
  'lease_comp_ids',
  'value_estimate',
  'value_gap_percent',
];
/** The analysis columns stored as `json` (migrations 0022, 0030, 0034): compared as text, which json has no `=` for. */
const JSON_TEXT_COLUMNS = new Set(['inputs', 'buy_hold', 'brrrr', 'fix_flip', 'short_term', 'rent_estimate', 'value_estimate']);
/** What the API shows (the cash-on-cash columns and the value gap only repeat the results and the estimate). */
const SHOWN_COLUMNS = ANALYSIS_COLUMNS.filter((c) => c !== 'results_rate' && !c.endsWith('_coc') && c !== 'value_gap_percent');
const comparable = (prefix: string) =>
  sql.raw(SHOWN_COLUMNS.map((c) => (JSON_TEXT_COLUMNS.has(c) ? `${prefix}${c}::text` : `${prefix}${c}`)).join(', '));

/**
 * One listing of a re-pricing batch as the database hands it over: id, stored engine inputs, city,
 * state, the rate its results were computed at (null when its market's assumptions changed) and
 * whether it has Fix'N'Flip results. With a rate and those results, they are kept: they were computed
 * at this market's assumptions and, unlike the other three, do not depend on the 30-year rate.
 */
export type RepriceRow = [
  id: string,
  inputs: EngineInputs,
  city: string,
  state: string,
  resultsRate: number | null,
  hasFlip: boolean,
];

/** The separator of a batch's JSON texts (JSON writes this control character escaped, never as it is). */
export const RS = '\x1e';

export const sqlArray = (values: ReadonlyArray<string | number>): string => `{${values.join(',')}}`;
/** The physical range of heap pages [from, to) as a condition a TID range scan reads directly. */
const inPages = (from: number, to: number) => sql<boolean>`ctid >= ${`(${from},0)`}::tid and ctid < ${`(${to},0)`}::tid`;

export interface RepriceBatch {
  rate: number | null;
  rows: RepriceRow[];
  markets: MarketOverrides[];
}

/** A re-pricing batch as the update's parameters (recompute.ts's repriceParams). */
export interface RepriceParams {
  ids: string;
  readRates: string;
  texts: string[];
  cocs: string[];
}

/** The listings' and sold comps' repository over `db` (the database or a transaction). */
export function createListingsRepository(db: Db) {
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
          insert into properties as p (id, ${cols(LISTING_COLUMNS)}, ${cols(LISTING_HISTORY_COLUMNS)})
          select id, ${cols(LISTING_COLUMNS)}, coalesce(on_market_date, current_date - days_on_market), original_list_price, price_changed_at
          from json_to_recordset(${JSON.stringify(withNewIds(rows))}::json) as v(${recordset(LISTING_RECORD_FIELDS, { id: 'uuid' })})
          on conflict (listing_key) do update set
            ${sql.raw(data.map((c) => `${c} = excluded.${c}`).join(', '))},
            ${sql.join(LISTING_HISTORY_COLUMNS.map((c) => sql`${sql.id(c)} = ${merged[c]}`))},
            needs_recompute = p.needs_recompute or (${cols(data, 'p.')}) is distinct from (${cols(data, 'excluded.')}),
            off_market_at = null, off_market_status = null,
            updated_at = now()
          where (${cols(data, 'p.')}, ${cols(LISTING_HISTORY_COLUMNS, 'p.')}) is distinct from (${cols(data, 'excluded.')}, ${sql.join(history)})
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
          select id, ${cols(SOLD_COLUMNS)}
          from json_to_recordset(${JSON.stringify(withNewIds(rows))}::json) as v(${recordset(SOLD_COLUMNS, { id: 'uuid' })})
        ),
        up as (
          insert into sold_comps as s (id, ${cols(SOLD_COLUMNS)})
          select id, ${cols(SOLD_COLUMNS)} from v
          on conflict (listing_key) do update set
            ${sql.raw(data.map((c) => `${c} = excluded.${c}`).join(', '))},
            updated_at = now()
          where (${cols(data, 's.')}) is distinct from (${cols(data, 'excluded.')})
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

    /** The end of the comps' 12-month window: the feed's newest sale (so an older feed still has comps). */
    async compsAsOf(): Promise<string> {
      const row = await sql<{ d: string | null }>`select max(close_date)::text as d from sold_comps`.execute(db);
      return row.rows[0]?.d ?? new Date().toISOString().slice(0, 10);
    },

    /** Listings waiting for recomputation. */
    async countDirty(): Promise<number> {
      const r = await sql<{ n: number }>`select count(*)::int as n from properties where needs_recompute`.execute(db);
      return r.rows[0].n;
    },

    /** The next batch of listings marked for recomputation after `after` in (longitude, latitude, id) order. */
    async readDirtyBatch(after: [number, number, string], batchSize: number): Promise<DirtyRow[]> {
      const batch = await sql<DirtyRow>`
        select id, list_price, beds, nullif(baths_total, 0) as baths, area, nullif(zip, '') as zip, latitude, longitude, city, state,
          monthly_rent, rehab_estimate, arv_estimate, nightly_rate
        from properties
        where needs_recompute and (longitude, latitude, id) > (${after[0]}, ${after[1]}, ${after[2]}::uuid)
        order by longitude, latitude, id
        limit ${batchSize}`.execute(db);
      return batch.rows;
    },

    /** The sales closed from `since` to `asOf` in these grid cells (a batch's comp candidates). */
    async readCompCandidates(
      cells: ReadonlyArray<{ s: number; n: number; w: number; e: number }>,
      since: string,
      asOf: string,
    ): Promise<CompRow[]> {
      const compRows = await sql<CompRow>`
        select sc.id, sc.latitude, sc.longitude, sc.beds, nullif(sc.baths_total, 0) as baths, sc.area, nullif(sc.zip, '') as zip,
          sc.close_price, sc.close_date::text as close_date, sc.close_date - date '1970-01-01' as close_day
        from json_to_recordset(${JSON.stringify(cells)}::json) as c(s float8, n float8, w float8, e float8)
        join sold_comps sc on sc.longitude between c.w and c.e and sc.latitude between c.s and c.n
        where sc.close_date between ${since}::date and ${asOf}::date`.execute(db);
      return compRows.rows;
    },

    /** Writes a batch's comps, deal status and results, clearing its marks. */
    async writeAnalysis(updates: object[]): Promise<void> {
      // json_to_recordset hands each json field over as its text (stored as it is), the jsonb ones parsed.
      await sql`
        update properties p set
          ${sql.raw(ANALYSIS_COLUMNS.map((c) => `${c} = v.${c}`).join(', '))},
          needs_recompute = false,
          updated_at = case when (${comparable('p.')}) is distinct from (${comparable('v.')}) then now() else p.updated_at end
        from json_to_recordset(${JSON.stringify(updates)}::json) as v(
          id uuid, comp_ids uuid[], deal_status text, marker_color jsonb, confidence jsonb, inputs json,
          results_rate float8, buy_hold json, brrrr json, fix_flip json, short_term json,
          buy_hold_coc float8, brrrr_coc float8, fix_flip_coc float8, short_term_coc float8,
          rent_estimate json, lease_comp_ids uuid[], value_estimate json, value_gap_percent float8)
        where p.id = v.id`.execute(db);
    },

    /** The pages of the properties heap now (a scan in physical order ends here). */
    async heapPages(): Promise<number> {
      const r = await sql<{ pages: number }>`
        select (pg_relation_size('properties') / current_setting('block_size')::int)::int as pages`.execute(db);
      return r.rows[0].pages;
    },

    /**
     * A batch to re-price: the listings on heap pages [from, to) computed at another rate than the
     * latest, with the rate and the markets' assumptions as they were in the same snapshot. A market
     * edited before the read has already cleared its listings' rate (markMarketStale), so they are
     * recomputed whole with its new assumptions; one edited after it clears the rate again, and the
     * update (writeRepriced) skips those listings (their rate is no longer the one read) for the next
     * round.
     */
    async readRepriceBatch(from: number, to: number): Promise<RepriceBatch> {
      const result = await sql<{ rate: number | null; rows: string | null; markets: string | null }>`
        with latest as (select ${latestRateSql()} as rate)
        select (select rate from latest) as rate,
          (select json_agg(json_build_array(id, inputs, city, state, results_rate, fix_flip is not null)) from properties
            where ${inPages(from, to)} and inputs is not null and results_rate is distinct from (select rate from latest))::text as rows,
          ${marketOverridesJsonSql()} as markets`.execute(db);
      const row = result.rows[0];
      return {
        rate: row.rate,
        rows: row.rows ? (JSON.parse(row.rows) as RepriceRow[]) : [],
        markets: row.markets ? (JSON.parse(row.markets) as MarketOverrides[]) : [],
      };
    },

    /** Writes a batch's new results at `rate`, each listing only if its rate is still the one read. */
    async writeRepriced(rate: number | null, params: RepriceParams): Promise<number> {
      const { ids, readRates, texts, cocs } = params;
      // An empty Fix'N'Flip text keeps the stored results (see RepriceRow; string_to_array makes a
      // batch of one empty text an empty array, so unnest gives null: the same).
      const flipKept = sql<boolean>`coalesce(v.f, '') = ''`;
      const written = await sql`
        update properties p set
          results_rate = ${rate}::float8, buy_hold = v.b::json, brrrr = v.r::json,
          fix_flip = case when ${flipKept} then p.fix_flip else v.f::json end, short_term = v.s::json,
          buy_hold_coc = v.bc, brrrr_coc = v.rc, fix_flip_coc = case when ${flipKept} then p.fix_flip_coc else v.fc end,
          short_term_coc = v.sc,
          updated_at = case when (p.buy_hold::text, p.brrrr::text, p.short_term::text) is distinct from (v.b, v.r, v.s)
              or (not ${flipKept} and p.fix_flip::text is distinct from v.f)
            then now() else p.updated_at end
        from unnest(${ids}::uuid[], ${readRates}::float8[],
          string_to_array(${texts[0]}, ${RS}), string_to_array(${texts[1]}, ${RS}),
          string_to_array(${texts[2]}, ${RS}), string_to_array(${texts[3]}, ${RS}),
          ${cocs[0]}::float8[], ${cocs[1]}::float8[], ${cocs[2]}::float8[], ${cocs[3]}::float8[]
        ) as v(i, read_rate, b, r, f, s, bc, rc, fc, sc)
        where p.id = v.i and p.results_rate is not distinct from v.read_rate`.execute(db);
      return Number(written.numAffectedRows ?? 0);
    },

    /**
     * Marks a market's listings for recomputation (their results no longer match its assumptions);
     * the rate recomputer then rewrites them in the background. Returns how many it marked.
     */
    async markMarketStale(city: string, state: string): Promise<number> {
      const r = await sql`
        update properties set results_rate = null
        where lower(city) = ${city.trim().toLowerCase()} and upper(state) = ${state.trim().toUpperCase()} and inputs is not null`.execute(
        db,
      );
      return Number(r.numAffectedRows ?? 0);
    },

    /** Listings with engine inputs whose results were computed at another rate than `rate` (an SQL value). */
    async countPricedAtOtherRate(rate: RawBuilder<number | null>): Promise<number> {
      const r = await sql<{ n: number }>`
        select count(*)::int as n from properties where inputs is not null and results_rate is distinct from ${rate}`.execute(db);
      return r.rows[0].n;
    },

    /**
     * Refreshes the listings' (and their returns copy's, migration 0031) visibility map and planner
     * statistics after a bulk write, so the map's scans stay index-only. PGlite has no autovacuum; on
     * PostgreSQL this only runs it sooner.
     */
    async vacuumListings(): Promise<void> {
      await sql`vacuum (analyze) properties, property_returns`.execute(db);
      // The heat map reads the copy's rows after its position index (migration 0033): in map order,
      // a view's rows sit on few pages. New listings go to its end, so sort it again once they have
      // spoiled that order (its planner statistics, just refreshed, say how far).
      const order = await sql<{ correlation: number | null }>`
        select correlation from pg_stats
        where schemaname = current_schema() and tablename = 'property_returns' and attname = 'longitude'`.execute(db);
      const correlation = order.rows[0]?.correlation;
      if (correlation != null && Math.abs(correlation) < RETURNS_ORDER_KEPT) {
        await sql`cluster property_returns using property_returns_map_idx`.execute(db);
        await sql`analyze property_returns`.execute(db);
      }
    },
  };
}

export type ListingsRepository = ReturnType<typeof createListingsRepository>;
