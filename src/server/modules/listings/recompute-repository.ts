import type { CompCandidate } from '../../../shared/comps';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';
import type { EngineInputs } from '../../db/schema';
import { marketOverridesJsonSql, type MarketOverrides } from '../catalog';
import { latestRateSql } from '../rates';

/**
 * The recomputation's reads and writes (recompute-dirty.ts and recompute-for-rate.ts run it): the
 * listings marked for it, their comp candidates, the analysis written back, the re-pricing batches
 * after a new rate, and the marks a market's new assumptions set. Plain PostgreSQL, the same on
 * PGlite and on a server.
 */

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

/** A sale read for the comps, as their selection takes it. */
export const compCandidate = (c: CompRow): CompCandidate => ({
  id: c.id,
  latitude: c.latitude,
  longitude: c.longitude,
  beds: c.beds,
  baths: c.baths,
  area: c.area,
  zip: c.zip,
  closePrice: c.close_price,
  closeDate: c.close_date,
  closeDay: c.close_day,
});

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
export const RECORD_SEPARATOR = '\x1e';

/** The values as an SQL array literal (`{a,b,c}`), sent as one text parameter. */
export const sqlArrayLiteral = (values: ReadonlyArray<string | number>): string => `{${values.join(',')}}`;
/** The physical range of heap pages [from, to) as a condition a TID range scan reads directly. */
const inPages = (from: number, to: number) => sql<boolean>`ctid >= ${`(${from},0)`}::tid and ctid < ${`(${to},0)`}::tid`;

export interface RepriceBatch {
  rate: number | null;
  rows: RepriceRow[];
  markets: MarketOverrides[];
}

/** A re-pricing batch as the update's parameters (recompute-for-rate.ts's repriceParams). */
export interface RepriceParams {
  ids: string;
  readRates: string;
  texts: string[];
  cocs: string[];
}

/** The recomputation's queries over `db` (the database or a transaction). */
export function createRecomputeRepository(db: Db) {
  return {
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
          string_to_array(${texts[0]}, ${RECORD_SEPARATOR}), string_to_array(${texts[1]}, ${RECORD_SEPARATOR}),
          string_to_array(${texts[2]}, ${RECORD_SEPARATOR}), string_to_array(${texts[3]}, ${RECORD_SEPARATOR}),
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
