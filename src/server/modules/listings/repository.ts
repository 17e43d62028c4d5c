import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { boundingBox } from '../../../shared/geo/distance';
import type { AssumptionOverrides } from '../../../shared/invest';
import {
  assessDeal,
  assumptionsFor,
  engineInputs,
  FINANCING_PRODUCT,
  strategyCalculator,
  type EngineInputs,
  type StrategyResults,
} from './analysis';
import { COMP_RULES, MAX_COMP_RADIUS_MILES, monthsBefore, selectComps, type CompCandidate } from './comps';
import { COLUMN_TYPES, LISTING_COLUMNS, SOLD_COLUMNS, type ListingRecord, type SoldRecord } from './records';
import type { Db } from '../../db/database';

/**
 * Set-based database work of the listings: batched upserts that write only what changed, and the
 * recomputation of comps, deal status and strategy results (docs/listings.md).
 * Every statement is plain PostgreSQL, the same on PGlite and on a server.
 */

const recordset = (columns: readonly string[], extra: Record<string, string> = {}) =>
  sql.raw([...columns.map((c) => `${c} ${COLUMN_TYPES[c]}`), ...Object.entries(extra).map(([c, t]) => `${c} ${t}`)].join(', '));

const cols = (columns: readonly string[], prefix = '') => sql.raw(columns.map((c) => prefix + c).join(', '));

/** The last record of each key wins (one statement cannot touch a row twice). */
function lastPerKey<T extends { listing_key: string }>(records: readonly T[]): T[] {
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
function withNewIds<T extends object>(rows: readonly T[]): Array<T & { id: string }> {
  return rows.map((row) => ({ ...row, id: randomUUID() }));
}

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

/**
 * Inserts new listings and updates changed ones (marking them for recomputation); a row whose
 * every field is unchanged is not written, so its updated_at stays.
 */
export async function upsertListings(db: Db, records: readonly ListingRecord[]): Promise<UpsertCounts> {
  const rows = lastPerKey(records);
  if (!rows.length) return { inserted: 0, updated: 0, unchanged: 0 };
  const data = LISTING_COLUMNS.filter((c) => c !== 'listing_key');
  const result = await sql<{ inserted: number; updated: number }>`
    with up as (
      insert into properties as p (id, ${cols(LISTING_COLUMNS)})
      select id, ${cols(LISTING_COLUMNS)}
      from json_to_recordset(${JSON.stringify(withNewIds(rows))}::json) as v(${recordset(LISTING_COLUMNS, { id: 'uuid' })})
      on conflict (listing_key) do update set
        ${sql.raw(data.map((c) => `${c} = excluded.${c}`).join(', '))},
        needs_recompute = true,
        updated_at = now()
      where (${cols(data, 'p.')}) is distinct from (${cols(data, 'excluded.')})
      returning (xmax = 0) as inserted
    )
    select (count(*) filter (where inserted))::int as inserted, (count(*) filter (where not inserted))::int as updated from up`.execute(
    db,
  );
  const { inserted, updated } = result.rows[0];
  return { inserted, updated, unchanged: rows.length - inserted - updated };
}

/**
 * Inserts new sold comps and updates changed ones. A listing whose key now closed is removed from
 * the listings (it sold). Listings near a changed sale (within the widest comp radius) and listings
 * that used a changed sale as a comp are marked for recomputation.
 */
export async function upsertSold(db: Db, records: readonly SoldRecord[]): Promise<UpsertCounts & { removedListings: number }> {
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
      -- A probe of markNearSales' partial index, empty during a first import.
      exists (select 1 from properties where not needs_recompute
        and point(longitude, latitude) <@ box(point(-180, -90), point(180, 90))) as clean`.execute(db);
  const { inserted, updated, removed, places, before, clean } = result.rows[0];
  if (clean) {
    // Where the changed sales are now, and where they were: listings there may gain or lose them as comps.
    const moved = [places, before].flatMap((text) => (text ? (JSON.parse(text) as Array<[string, number, number]>) : []));
    await markNearSales(
      db,
      moved.map(([id, latitude, longitude]) => ({ id, latitude, longitude })),
    );
  }
  return { inserted, updated, unchanged: rows.length - inserted - updated, removedListings: removed };
}

/**
 * Marks for recomputation the listings within the widest comp radius of these places (a changed
 * sale's new and old locations: the listings that could gain or lose it as a comp). Each box is
 * looked up in the partial GiST index of the listings not yet marked (migration 0019): two-dimensional,
 * and empty while a first import's new listings all wait for their computation anyway (upsertSold
 * then skips this: the boxes' join cost ~50 ms a batch of 5,000 on PGlite).
 */
async function markNearSales(db: Db, sales: ReadonlyArray<{ id: string; latitude: number; longitude: number }>): Promise<void> {
  if (!sales.length) return;
  const boxes = sales.map((s) => ({ id: s.id, ...boundingBox(s.latitude, s.longitude, MAX_COMP_RADIUS_MILES * 1.01) }));
  await sql`
    update properties p set needs_recompute = true
    from json_to_recordset(${JSON.stringify(boxes)}::json) as b(id uuid, south float8, north float8, west float8, east float8)
    where not p.needs_recompute and point(p.longitude, p.latitude) <@ box(point(b.west, b.south), point(b.east, b.north))`.execute(
    db,
  );
}

/** An index of the listings or sold comps tables, as dropMaintainedIndexes found it. */
export interface DroppedIndex {
  name: string;
  /** Its `create index` statement (pg_get_indexdef). */
  definition: string;
}

/**
 * Drops the indexes of the listings and sold comps that the feed upserts only keep up to date and
 * never read: not the unique keys (ON CONFLICT, the sold keys' lookups) nor the partial index that
 * markNearSales probes. A bulk load does this inside its transaction and builds them again at its
 * end (restoreIndexes): one sort per index instead of an entry per row, PostgreSQL's own advice for
 * populating a database. Other sessions would wait on the tables until that transaction ends.
 */
export async function dropMaintainedIndexes(trx: Db): Promise<DroppedIndex[]> {
  const indexes = await sql<DroppedIndex>`
    select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i join pg_class c on c.oid = i.indexrelid
    where i.indrelid in ('properties'::regclass, 'sold_comps'::regclass) and not i.indisunique and not i.indisprimary
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      and c.relname <> 'properties_point_clean_idx'
    order by c.relname`.execute(trx);
  for (const index of indexes.rows) await sql`drop index ${sql.id(index.name)}`.execute(trx);
  return indexes.rows;
}

/** Builds again the indexes dropMaintainedIndexes dropped. */
export async function restoreIndexes(trx: Db, indexes: readonly DroppedIndex[]): Promise<void> {
  for (const index of indexes) await sql.raw(index.definition).execute(trx);
}

/** Whether the listings and sold comps hold fewer than `rows` rows together (reads at most that many). */
export async function holdFewerRowsThan(db: Db, rows: number): Promise<boolean> {
  const limit = Math.max(0, Math.ceil(rows));
  const result = await sql<{ n: number }>`
    select (select count(*) from (select 1 from properties limit ${limit}) p)::int
      + (select count(*) from (select 1 from sold_comps limit ${limit}) s)::int as n`.execute(db);
  return result.rows[0].n < limit;
}

/** SQL for the latest rate of a product (by week): a scalar subquery, null when it has none. */
function latestRateSql(product = FINANCING_PRODUCT) {
  return sql<
    number | null
  >`(select rate from rates where lower(product) = lower(${product}) order by as_of desc, created_at desc limit 1)`;
}

/** The latest rate of a product (by week), or null. */
export async function latestRate(db: Db, product = FINANCING_PRODUCT): Promise<number | null> {
  const row = await sql<{ rate: number | null }>`select ${latestRateSql(product)} as rate`.execute(db);
  return row.rows[0]?.rate ?? null;
}

type Calculator = (inputs: EngineInputs) => StrategyResults;

/** A market's key: its city lower-cased and its state upper-cased (listings match markets this way). */
export const marketKey = (city: string, state: string): string => `${city.trim().toLowerCase()}|${state.trim().toUpperCase()}`;

/**
 * The strategy calculator of a listing's market at `rate`: markets with assumption overrides get
 * their own, every other listing the defaults'. Built once per batch, not per listing.
 */
export async function calculatorsAt(db: Db, rate: number | null): Promise<(city: string, state: string) => Calculator> {
  const markets = await sql<MarketAssumptions>`
    select city, state, assumptions from markets where assumptions <> '{}'::jsonb`.execute(db);
  return calculatorsFor(rate, markets.rows);
}

/** A market with assumption overrides. */
interface MarketAssumptions {
  city: string;
  state: string;
  assumptions: AssumptionOverrides;
}

/** calculatorsAt, from markets already read. */
function calculatorsFor(rate: number | null, markets: MarketAssumptions[]): (city: string, state: string) => Calculator {
  const fallback = strategyCalculator(assumptionsFor(rate));
  if (!markets.length) return () => fallback;
  const byMarket = new Map(
    markets.map((m) => [marketKey(m.city, m.state), strategyCalculator(assumptionsFor(rate, m.assumptions))]),
  );
  // Listings of a city spell it the same way: remember each spelling's calculator.
  const bySpelling = new Map<string, Calculator>();
  return (city, state) => {
    const spelling = `${city}\u0000${state}`;
    let calculator = bySpelling.get(spelling);
    if (!calculator) bySpelling.set(spelling, (calculator = byMarket.get(marketKey(city, state)) ?? fallback));
    return calculator;
  };
}

/** The end of the comps' 12-month window: the feed's newest sale (so an older feed still has comps). */
export async function compsAsOf(db: Db): Promise<string> {
  const row = await sql<{ d: string | null }>`select max(close_date)::text as d from sold_comps`.execute(db);
  return row.rows[0]?.d ?? new Date().toISOString().slice(0, 10);
}

/** Grid cell size (degrees) for fetching comp candidates of a batch. */
const CELL = 0.05;
const cellOf = (v: number) => Math.floor(v / CELL);

interface DirtyRow {
  id: string;
  list_price: number;
  beds: number | null;
  area: number | null;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  monthly_rent: number | null;
  rehab_estimate: number | null;
  arv_estimate: number | null;
  nightly_rate: number | null;
}

export interface RecomputeProgress {
  done: number;
  total: number;
}

export interface RecomputeOptions {
  batchSize?: number;
  onProgress?: (progress: RecomputeProgress) => void;
  /** Between batches (the server yields to requests here). */
  pause?: () => Promise<void>;
  /** Stop early (server shutdown). */
  shouldStop?: () => boolean;
}

/** Listings waiting for recomputation. */
export async function countDirty(db: Db): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from properties where needs_recompute`.execute(db);
  return r.rows[0].n;
}

/**
 * Recomputes comps, deal status, confidence and strategy results of every listing marked
 * `needs_recompute`, in batches along the longitude order (so a batch's comps come from few grid
 * cells). updated_at moves only when something the API shows changed.
 */
export async function recomputeDirty(db: Db, options: RecomputeOptions = {}): Promise<number> {
  const batchSize = options.batchSize ?? 2000;
  const total = await countDirty(db);
  if (total === 0) return 0;
  const asOf = await compsAsOf(db);
  const since = monthsBefore(asOf, COMP_RULES.monthsBack);
  let done = 0;
  let last: [number, number, string] | null = null;
  options.onProgress?.({ done, total });
  for (;;) {
    if (options.shouldStop?.()) break;
    const after: [number, number, string] = last ?? [-1000, -1000, '00000000-0000-0000-0000-000000000000'];
    const batch = await sql<DirtyRow>`
      select id, list_price, beds, area, latitude, longitude, city, state, monthly_rent, rehab_estimate, arv_estimate, nightly_rate
      from properties
      where needs_recompute and (longitude, latitude, id) > (${after[0]}, ${after[1]}, ${after[2]}::uuid)
      order by longitude, latitude, id
      limit ${batchSize}`.execute(db);
    const rows = batch.rows;
    if (!rows.length) break;
    // The rate and the markets' assumptions per batch: one edited meanwhile applies from here on.
    const rate = await latestRate(db);
    const calculatorOf = await calculatorsAt(db, rate);
    const lastRow = rows[rows.length - 1];
    last = [lastRow.longitude, lastRow.latitude, lastRow.id];

    // Grid cells covering every row's widest search box.
    const cells = new Set<string>();
    const rowCells = rows.map((r) => {
      const box = boundingBox(r.latitude, r.longitude, MAX_COMP_RADIUS_MILES);
      const keys: string[] = [];
      for (let la = cellOf(box.south); la <= cellOf(box.north); la++) {
        for (let ln = cellOf(box.west); ln <= cellOf(box.east); ln++) {
          const key = `${la}:${ln}`;
          keys.push(key);
          cells.add(key);
        }
      }
      return keys;
    });
    const cellList = [...cells].map((k) => {
      const [la, ln] = k.split(':').map(Number);
      return { s: la * CELL - 1e-9, n: (la + 1) * CELL + 1e-9, w: ln * CELL - 1e-9, e: (ln + 1) * CELL + 1e-9 };
    });
    const compRows = await sql<{
      id: string;
      latitude: number;
      longitude: number;
      beds: number | null;
      area: number | null;
      close_price: number;
      close_date: string;
    }>`
      select sc.id, sc.latitude, sc.longitude, sc.beds, sc.area, sc.close_price, sc.close_date::text as close_date
      from json_to_recordset(${JSON.stringify(cellList)}::json) as c(s float8, n float8, w float8, e float8)
      join sold_comps sc on sc.longitude between c.w and c.e and sc.latitude between c.s and c.n
      where sc.close_date between ${since}::date and ${asOf}::date`.execute(db);
    const grid = new Map<string, CompCandidate[]>();
    const seen = new Set<string>();
    for (const c of compRows.rows) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      const key = `${cellOf(c.latitude)}:${cellOf(c.longitude)}`;
      let list = grid.get(key);
      if (!list) grid.set(key, (list = []));
      list.push({
        id: c.id,
        latitude: c.latitude,
        longitude: c.longitude,
        beds: c.beds,
        area: c.area,
        closePrice: c.close_price,
        closeDate: c.close_date,
      });
    }

    const updates = rows.map((r, index) => {
      const candidates: CompCandidate[] = [];
      for (const key of rowCells[index]) {
        const list = grid.get(key);
        if (list) for (const c of list) candidates.push(c);
      }
      const { comps } = selectComps(
        { latitude: r.latitude, longitude: r.longitude, beds: r.beds, area: r.area },
        candidates,
        asOf,
      );
      const deal = assessDeal(r.list_price, comps, asOf);
      const inputs = engineInputs(
        {
          listPrice: r.list_price,
          area: r.area,
          monthlyRent: r.monthly_rent,
          rehabEstimate: r.rehab_estimate,
          arvEstimate: r.arv_estimate,
          nightlyRate: r.nightly_rate,
        },
        comps,
      );
      const results = calculatorOf(r.city, r.state)(inputs);
      return {
        id: r.id,
        comp_ids: comps.map((c) => c.id),
        deal_status: deal.dealStatus,
        marker_color: deal.markerColor,
        confidence: deal.confidence,
        inputs,
        results_rate: rate,
        buy_hold: results.BuyHoldResults,
        brrrr: results.BRRRRResults,
        fix_flip: results.FixFlipResults,
        short_term: results.ShortTermResults,
        buy_hold_coc: storedCoc(results.BuyHoldResults),
        brrrr_coc: storedCoc(results.BRRRRResults),
        fix_flip_coc: storedCoc(results.FixFlipResults),
        short_term_coc: storedCoc(results.ShortTermResults),
      };
    });
    await writeAnalysis(db, updates);
    done += rows.length;
    options.onProgress?.({ done, total: Math.max(total, done) });
    if (options.pause) await options.pause();
  }
  // A bulk write leaves the visibility map stale: refresh it (and the planner's statistics) so the
  // map's scans stay index-only. PGlite has no autovacuum; on PostgreSQL this only runs it sooner.
  if (done > 0) await sql`vacuum (analyze) properties`.execute(db);
  return done;
}

/**
 * A result's cash-on-cash as its column stores it (migration 0022; the rule of `cashOnCash` in
 * src/shared/search-filters.ts): Infinity when no cash goes in, written as the string float8 reads.
 */
const storedCoc = (r: { cashOnCashRoi: number | null; cashOnCashInfinite: boolean }): number | 'Infinity' | null =>
  r.cashOnCashInfinite ? 'Infinity' : r.cashOnCashRoi !== null && Number.isFinite(r.cashOnCashRoi) ? r.cashOnCashRoi : null;

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
];
/** The analysis columns stored as `json` (migration 0022): compared as text, which json has no `=` for. */
const JSON_TEXT_COLUMNS = new Set(['inputs', 'buy_hold', 'brrrr', 'fix_flip', 'short_term']);
/** What the API shows (the cash-on-cash columns only repeat the results). */
const SHOWN_COLUMNS = ANALYSIS_COLUMNS.filter((c) => c !== 'results_rate' && !c.endsWith('_coc'));
const comparable = (prefix: string) =>
  sql.raw(SHOWN_COLUMNS.map((c) => (JSON_TEXT_COLUMNS.has(c) ? `${prefix}${c}::text` : `${prefix}${c}`)).join(', '));

async function writeAnalysis(db: Db, updates: object[]): Promise<void> {
  // json_to_recordset hands each json field over as its text (stored as it is), the jsonb ones parsed.
  await sql`
    update properties p set
      ${sql.raw(ANALYSIS_COLUMNS.map((c) => `${c} = v.${c}`).join(', '))},
      needs_recompute = false,
      updated_at = case when (${comparable('p.')}) is distinct from (${comparable('v.')}) then now() else p.updated_at end
    from json_to_recordset(${JSON.stringify(updates)}::json) as v(
      id uuid, comp_ids uuid[], deal_status text, marker_color jsonb, confidence jsonb, inputs json,
      results_rate float8, buy_hold json, brrrr json, fix_flip json, short_term json,
      buy_hold_coc float8, brrrr_coc float8, fix_flip_coc float8, short_term_coc float8)
    where p.id = v.id`.execute(db);
}

/**
 * One listing of a re-pricing batch as the database hands it over: id, stored engine inputs, city,
 * state, the rate its results were computed at (null when its market's assumptions changed) and
 * whether it has Fix'N'Flip results. With a rate and those results, they are kept: they were computed
 * at this market's assumptions and, unlike the other three, do not depend on the 30-year rate.
 */
type RepriceRow = [id: string, inputs: EngineInputs, city: string, state: string, resultsRate: number | null, hasFlip: boolean];

/** The separator of a batch's JSON texts (JSON writes this control character escaped, never as it is). */
const RS = '\x1e';

const sqlArray = (values: ReadonlyArray<string | number>): string => `{${values.join(',')}}`;
const cocElement = (r: { cashOnCashRoi: number | null; cashOnCashInfinite: boolean }): string | number => storedCoc(r) ?? 'NULL';

/**
 * A re-pricing batch as the update's parameters: the ids and each cash-on-cash as SQL array
 * literals, each strategy's results as their JSON texts joined by a record separator (split by
 * `string_to_array`). The JSON texts go in as they are; the database only checks them once as json.
 * A JSON object per listing read by `json_to_recordset` cost twice as much on PGlite (it builds a
 * field table per object and then reads each json field's text a second time).
 */
function repriceParams(rows: readonly RepriceRow[], calculatorOf: (city: string, state: string) => Calculator) {
  const n = rows.length;
  const ids = new Array<string>(n);
  const readRates = new Array<string | number>(n);
  const texts = [new Array<string>(n), new Array<string>(n), new Array<string>(n), new Array<string>(n)];
  const cocs = [
    new Array<string | number>(n),
    new Array<string | number>(n),
    new Array<string | number>(n),
    new Array<string | number>(n),
  ];
  for (let k = 0; k < n; k++) {
    const [id, inputs, city, state, resultsRate, hasFlip] = rows[k];
    const flipKept = resultsRate !== null && hasFlip;
    const r = calculatorOf(city, state)(inputs);
    ids[k] = id;
    readRates[k] = resultsRate ?? 'NULL';
    // Written out per strategy, not looped over the four: this is the re-price's hot loop, and a
    // loop with a closure per listing measured ~4 % slower on PGlite.
    texts[0][k] = JSON.stringify(r.BuyHoldResults);
    texts[1][k] = JSON.stringify(r.BRRRRResults);
    texts[2][k] = flipKept ? '' : JSON.stringify(r.FixFlipResults);
    texts[3][k] = JSON.stringify(r.ShortTermResults);
    cocs[0][k] = cocElement(r.BuyHoldResults);
    cocs[1][k] = cocElement(r.BRRRRResults);
    cocs[2][k] = flipKept ? 'NULL' : cocElement(r.FixFlipResults);
    cocs[3][k] = cocElement(r.ShortTermResults);
  }
  return { ids: sqlArray(ids), readRates: sqlArray(readRates), texts: texts.map((t) => t.join(RS)), cocs: cocs.map(sqlArray) };
}

/** The pages of the properties heap now (a scan in physical order ends here). */
async function heapPages(db: Db): Promise<number> {
  const r = await sql<{ pages: number }>`
    select (pg_relation_size('properties') / current_setting('block_size')::int)::int as pages`.execute(db);
  return r.rows[0].pages;
}

/** The physical range of heap pages [from, to) as a condition a TID range scan reads directly. */
const inPages = (from: number, to: number) => sql<boolean>`ctid >= ${`(${from},0)`}::tid and ctid < ${`(${to},0)`}::tid`;

/**
 * After a new rate: recomputes the strategy results of every listing computed at another rate,
 * from its stored engine inputs. Returns how many listings it rewrote.
 *
 * The heap is walked in physical order, a range of pages at a time (a TID range scan, sized to about
 * `batchSize` listings): each page is read once and its rows are updated while it is in memory. In
 * id order each row was another page, and once the table outgrew the shared buffers (100,000
 * listings on PGlite's 128 MB) every batch read and wrote back pages at random. A listing that a
 * concurrent write moves to a page already walked is not missed for good: such writes either
 * recompute it themselves (a changed listing is marked for recomputation) or ask for another round
 * (RateRecomputer's kick).
 *
 * Per batch, two statements. The read (readRepriceBatch) brings the batch as one JSON value
 * (`json_agg`), not as rows of fields each parsed on its own (much the dearer on PGlite), with the
 * rate and the markets' assumptions of the same snapshot. The update sends the results back as
 * arrays and texts (repriceParams), stored as the JSON text they are (migration 0022: no jsonb tree
 * built per result); the rows are HOT-updated in place (migration 0019): docs/performance.md.
 *
 * The statements are pipelined: the next batch's read is sent before this batch is computed, and
 * this batch's update before the next is awaited, so the database (PostgreSQL's process, or PGlite's
 * thread) reads and writes while Node computes. Each update still runs after the read of the batch
 * it writes and in order; the pages of consecutive batches do not overlap.
 */
export async function recomputeForRate(db: Db, options: RecomputeOptions = {}): Promise<number> {
  const batchSize = options.batchSize ?? 2000;
  let done = 0;
  const total = options.onProgress
    ? (
        await sql<{ n: number }>`
          select count(*)::int as n from properties where inputs is not null
            and results_rate is distinct from ${latestRateSql()}`.execute(db)
      ).rows[0].n
    : 0;
  options.onProgress?.({ done, total });
  let pages = await heapPages(db);
  let from = 0;
  // Pages per batch: from one, adjusted to the listings found so a batch stays near batchSize
  // listings. Capped, so that a dense stretch after a sparse one (a market re-priced, then a new rate
  // mid-walk) cannot make one batch of most of the table: a page holds 2–3 listings at the table's
  // fillfactor, so a batch stays within about batchSize × 1.5.
  const maxSpan = Math.max(1, Math.ceil(batchSize / 2));
  let span = 1;
  /** The next batch's read, sent; null at the end of the heap or when asked to stop. */
  const readNext = async (): Promise<RepriceBatch | null> => {
    if (options.shouldStop?.()) return null;
    if (from >= pages) {
      // The heap may have grown meanwhile (a concurrent write's new rows): walk on to its end.
      pages = await heapPages(db);
      if (from >= pages) return null;
    }
    const to = Math.min(from + span, pages);
    const read = readRepriceBatch(db, from, to);
    from = to;
    return read;
  };
  let writing: Promise<void> | null = null;
  let writeFailed = false;
  let reading = readNext();
  try {
    for (;;) {
      const batch = await reading;
      // A failed update stops the walk here (its error is thrown by the await below).
      if (!batch || writeFailed) break;
      const { rows } = batch;
      span = Math.min(
        maxSpan,
        rows.length ? Math.max(1, Math.min(4 * span, Math.round((span * batchSize) / rows.length))) : 2 * span,
      );
      if (options.pause) await options.pause();
      reading = readNext();
      reading.catch(() => {}); // awaited next round; not an unhandled rejection meanwhile
      if (!rows.length) continue;
      const params = repriceParams(rows, calculatorsFor(batch.rate, batch.markets));
      const previous: Promise<void> | null = writing;
      writing = (async () => {
        if (previous) await previous;
        const written = await writeRepriced(db, batch.rate, params);
        done += written;
        options.onProgress?.({ done, total: Math.max(total, done) });
      })();
      writing.catch(() => (writeFailed = true)); // thrown below
    }
    if (writing) await writing;
  } finally {
    // On an error, nothing is left running when the re-price gives up (the caller may close the database).
    await Promise.allSettled([writing, reading]);
  }
  return done;
}

/**
 * A batch to re-price: the listings on heap pages [from, to) computed at another rate than the
 * latest, with the rate and the markets' assumptions as they were in the same snapshot. A market
 * edited before the read has already cleared its listings' rate (markMarketStale), so they are
 * recomputed whole with its new assumptions; one edited after it clears the rate again, and the
 * update (writeRepriced) skips those listings (their rate is no longer the one read) for the next
 * round.
 */
async function readRepriceBatch(db: Db, from: number, to: number): Promise<RepriceBatch> {
  const result = await sql<{ rate: number | null; rows: string | null; markets: string | null }>`
    with latest as (select ${latestRateSql()} as rate)
    select (select rate from latest) as rate,
      (select json_agg(json_build_array(id, inputs, city, state, results_rate, fix_flip is not null)) from properties
        where ${inPages(from, to)} and inputs is not null and results_rate is distinct from (select rate from latest))::text as rows,
      (select json_agg(json_build_object('city', city, 'state', state, 'assumptions', assumptions)) from markets
        where assumptions <> '{}'::jsonb)::text as markets`.execute(db);
  const row = result.rows[0];
  return {
    rate: row.rate,
    rows: row.rows ? (JSON.parse(row.rows) as RepriceRow[]) : [],
    markets: row.markets ? (JSON.parse(row.markets) as MarketAssumptions[]) : [],
  };
}

interface RepriceBatch {
  rate: number | null;
  rows: RepriceRow[];
  markets: MarketAssumptions[];
}

/** Writes a batch's new results at `rate`, each listing only if its rate is still the one read. */
async function writeRepriced(db: Db, rate: number | null, params: ReturnType<typeof repriceParams>): Promise<number> {
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
}

/**
 * Marks a market's listings for recomputation (their results no longer match its assumptions);
 * the rate recomputer then rewrites them in the background. Returns how many it marked.
 */
export async function markMarketStale(db: Db, city: string, state: string): Promise<number> {
  const r = await sql`
    update properties set results_rate = null
    where lower(city) = ${city.trim().toLowerCase()} and upper(state) = ${state.trim().toUpperCase()} and inputs is not null`.execute(
    db,
  );
  return Number(r.numAffectedRows ?? 0);
}

/** Listings whose results were computed at a rate other than the latest 30-year rate. */
export async function countStaleForRate(db: Db): Promise<number> {
  const rate = await latestRate(db);
  const r = await sql<{ n: number }>`
    select count(*)::int as n from properties where inputs is not null and results_rate is distinct from ${rate}::float8`.execute(
    db,
  );
  return r.rows[0].n;
}
