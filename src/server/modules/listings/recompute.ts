import { sql } from 'kysely';
import { boundingBox } from '../../../shared/geo/distance';
import {
  assessDeal,
  assumptionsFor,
  engineInputs,
  strategyCalculator,
  type EngineInputs,
  type StrategyResults,
} from './analysis';
import { COMP_RULES, MAX_COMP_RADIUS_MILES, selectComps, type CompCandidate } from '../../../shared/comps';
import { monthsBefore } from '../../../shared/stats';
import { createLeaseReads } from './lease-reads';
import {
  engineRent,
  estimateRent,
  MAX_LEASE_MONTHS,
  MAX_LEASE_RADIUS_MILES,
  type LeaseCandidate,
} from '../../../shared/rent-estimate';
import { marketKey } from '../../../shared/valuation/market-model';
import { valueEstimate } from '../../../shared/valuation/value-estimate';
import { dayNumber } from '../../../shared/stats';
import type { Db } from '../../db/database';
import { noteListingsChanged } from './changes';
import { marketModels } from './market-models';
import { createMarketsRepository, type MarketOverrides } from '../catalog';
import { createRatesRepository, latestRateSql } from '../rates';
import { createListingsRepository } from './repository';
import {
  RECORD_SEPARATOR,
  sqlArrayLiteral,
  storedCoc,
  type RepriceBatch,
  type RepriceParams,
  type RepriceRow,
} from './recompute-repository';

/**
 * The recomputation of comps, deal status and strategy results (docs/listings.md): of the listings
 * marked for it (recomputeDirty), and of every listing after a new rate (recomputeForRate), reading
 * the rate through the rates module and the markets' assumptions through the markets module.
 */

type Calculator = (inputs: EngineInputs) => StrategyResults;

/**
 * The strategy calculator of a listing's market at `rate`: markets with assumption overrides get
 * their own, every other listing the defaults'. Built once per batch, not per listing.
 */
export async function calculatorsAt(db: Db, rate: number | null): Promise<(city: string, state: string) => Calculator> {
  return calculatorsFor(rate, await createMarketsRepository(db).withOverrides());
}

/** calculatorsAt, from markets already read. */
function calculatorsFor(rate: number | null, markets: MarketOverrides[]): (city: string, state: string) => Calculator {
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

/** Grid cell size (degrees) for fetching comp and lease candidates of a batch. */
const CELL = 0.05;
const cellOf = (v: number) => Math.floor(v / CELL);

type Box = { s: number; n: number; w: number; e: number };

/** A grid cell's key as a box (a little larger, so a record on its edge is not missed). */
function cellBox(key: string): Box {
  const [la, ln] = key.split(':').map(Number);
  return { s: la * CELL - 1e-9, n: (la + 1) * CELL + 1e-9, w: ln * CELL - 1e-9, e: (ln + 1) * CELL + 1e-9 };
}

/** The grid cells covering each row's search box of `miles`, and all of them as keys and boxes (one read for the batch). */
function cellsAround(rows: ReadonlyArray<{ latitude: number; longitude: number }>, miles: number) {
  const cells = new Set<string>();
  const rowCells = rows.map((r) => {
    const box = boundingBox(r.latitude, r.longitude, miles);
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
  const keys = [...cells];
  return { rowCells, keys, boxes: keys.map(cellBox) };
}

/**
 * How many grid cells west of a listing its lease search can reach: 3 miles of longitude at 80°
 * latitude (the widest anywhere a listing may be), rounded up.
 */
const LEASE_CELLS_WEST = Math.ceil(boundingBox(80, 0, MAX_LEASE_RADIUS_MILES).east / CELL) + 1;

/** Records bucketed by grid cell (each once, though a record on a cell's edge is read for both cells). */
function byCell<T extends { id: string; latitude: number; longitude: number }>(records: readonly T[]): Map<string, T[]> {
  const grid = new Map<string, T[]>();
  const seen = new Set<string>();
  for (const c of records) {
    if (seen.has(c.id)) continue;
    seen.add(c.id);
    const key = `${cellOf(c.latitude)}:${cellOf(c.longitude)}`;
    let list = grid.get(key);
    if (!list) grid.set(key, (list = []));
    list.push(c);
  }
  return grid;
}

/** A row's candidates: the records of its cells. */
function gathered<T>(grid: Map<string, T[]>, keys: readonly string[]): T[] {
  const out: T[] = [];
  for (const key of keys) {
    const list = grid.get(key);
    if (list) for (const c of list) out.push(c);
  }
  return out;
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
  /**
   * Adds the seconds spent on the lease comps' rent estimates (their reads and their selection), on the
   * value estimates, and on fitting the markets' models, here (the bench).
   */
  timings?: { leaseReadSeconds: number; leaseSelectSeconds: number; valueSeconds: number; modelSeconds: number };
}

/**
 * Recomputes comps, deal status, confidence and strategy results of every listing marked
 * `needs_recompute`, in batches along the longitude order (so a batch's comps come from few grid
 * cells). updated_at moves only when something the API shows changed.
 */
export async function recomputeDirty(db: Db, options: RecomputeOptions = {}): Promise<number> {
  const listings = createListingsRepository(db);
  const batchSize = options.batchSize ?? 2000;
  const total = await listings.countDirty();
  if (total === 0) return 0;
  const asOf = await listings.compsAsOf();
  const since = monthsBefore(asOf, COMP_RULES.monthsBack);
  const leaseReads = createLeaseReads(db);
  const leaseAsOf = await leaseReads.asOf();
  const leaseSince = monthsBefore(leaseAsOf, MAX_LEASE_MONTHS);
  const cityRents = await leaseReads.cityRentsPerSqft(leaseSince, leaseAsOf);
  // The markets' models of prices and rents (fitted again here when the sales or leases changed).
  const modelsStarted = performance.now();
  const valueModels = await marketModels(db, 'value', asOf);
  const rentModels = await marketModels(db, 'rent', leaseAsOf);
  if (options.timings) options.timings.modelSeconds += (performance.now() - modelsStarted) / 1000;
  const today = dayNumber(asOf);
  /** The leases of the grid cells read so far, by cell, kept while a later batch may reach them. */
  const leases = new Map<string, LeaseCandidate[]>();
  let done = 0;
  let last: [number, number, string] | null = null;
  options.onProgress?.({ done, total });
  for (;;) {
    if (options.shouldStop?.()) break;
    const after: [number, number, string] = last ?? [-1000, -1000, '00000000-0000-0000-0000-000000000000'];
    const rows = await listings.readDirtyBatch(after, batchSize);
    if (!rows.length) break;
    // The rate and the markets' assumptions per batch: one edited meanwhile applies from here on.
    const rate = await createRatesRepository(db).latestRate();
    const calculatorOf = await calculatorsAt(db, rate);
    const lastRow = rows[rows.length - 1];
    last = [lastRow.longitude, lastRow.latitude, lastRow.id];

    const compCells = cellsAround(rows, MAX_COMP_RADIUS_MILES);
    const compRows = await listings.readCompCandidates(compCells.boxes, since, asOf);
    const comps = byCell(
      compRows.map((c): CompCandidate => ({
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
      })),
    );

    const leaseStarted = performance.now();
    const leaseCells = cellsAround(rows, MAX_LEASE_RADIUS_MILES);
    const unread = leaseCells.keys.filter((key) => !leases.has(key));
    if (unread.length) {
      // One box around the unread cells; the leases of cells already read (or not asked for) are dropped.
      const boxes = unread.map(cellBox);
      const around = {
        s: Math.min(...boxes.map((b) => b.s)),
        n: Math.max(...boxes.map((b) => b.n)),
        w: Math.min(...boxes.map((b) => b.w)),
        e: Math.max(...boxes.map((b) => b.e)),
      };
      const read = byCell(await leaseReads.candidates(around, leaseSince, leaseAsOf));
      for (const key of unread) leases.set(key, read.get(key) ?? []);
    }
    const leasesRead = performance.now();
    const rents = rows.map((r, index) =>
      estimateRent(
        { latitude: r.latitude, longitude: r.longitude, beds: r.beds, area: r.area, baths: r.baths, zip: r.zip },
        gathered(leases, leaseCells.rowCells[index]),
        leaseAsOf,
        rentModels.get(marketKey(r.city, r.state)) ?? null,
      ),
    );
    // The batches go east: the cells west of any later listing's reach are not needed again.
    const westmost = cellOf(lastRow.longitude) - LEASE_CELLS_WEST;
    for (const key of leases.keys()) if (Number(key.slice(key.indexOf(':') + 1)) < westmost) leases.delete(key);
    if (options.timings) {
      options.timings.leaseReadSeconds += (leasesRead - leaseStarted) / 1000;
      options.timings.leaseSelectSeconds += (performance.now() - leasesRead) / 1000;
    }

    const updates = rows.map((r, index) => {
      const { comps: selected } = selectComps(
        { latitude: r.latitude, longitude: r.longitude, beds: r.beds, area: r.area },
        gathered(comps, compCells.rowCells[index]),
        asOf,
      );
      const deal = assessDeal(r.list_price, selected, asOf);
      const rent = rents[index];
      const cityRentPerSqft = cityRents.get(marketKey(r.city, r.state)) ?? null;
      const inputs = engineInputs(
        {
          listPrice: r.list_price,
          area: r.area,
          monthlyRent: r.monthly_rent,
          rentEstimate: rent.estimate.monthlyRent,
          cityRentPerSqft,
          rehabEstimate: r.rehab_estimate,
          arvEstimate: r.arv_estimate,
          nightlyRate: r.nightly_rate,
        },
        selected,
      );
      const { source } = engineRent(r.monthly_rent, rent.estimate.monthlyRent, cityRentPerSqft, r.area, r.list_price);
      const results = calculatorOf(r.city, r.state)(inputs);
      const valueStarted = options.timings ? performance.now() : 0;
      const value = valueEstimate(
        { area: r.area, beds: r.beds, baths: r.baths, zip: r.zip, listPrice: r.list_price },
        selected,
        valueModels.get(marketKey(r.city, r.state)) ?? null,
        today,
      );
      if (options.timings) options.timings.valueSeconds += (performance.now() - valueStarted) / 1000;
      return {
        id: r.id,
        comp_ids: selected.map((c) => c.id),
        rent_estimate: { source, ...rent.estimate },
        lease_comp_ids: rent.leases.map((l) => l.id),
        value_estimate: value,
        value_gap_percent: value.listGapPercent,
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
    await listings.writeAnalysis(updates);
    done += rows.length;
    options.onProgress?.({ done, total: Math.max(total, done) });
    if (options.pause) await options.pause();
  }
  if (done > 0) {
    // A bulk write leaves the visibility map stale.
    await listings.vacuumListings();
    await noteListingsChanged(db);
  }
  return done;
}

const cocElement = (r: { cashOnCashRoi: number | null; cashOnCashInfinite: boolean }): string | number => storedCoc(r) ?? 'NULL';

/**
 * A re-pricing batch as the update's parameters: the ids and each cash-on-cash as SQL array
 * literals, each strategy's results as their JSON texts joined by a record separator (split by
 * `string_to_array`). The JSON texts go in as they are; the database only checks them once as json.
 * A JSON object per listing read by `json_to_recordset` cost twice as much on PGlite (it builds a
 * field table per object and then reads each json field's text a second time).
 */
function repriceParams(rows: readonly RepriceRow[], calculatorOf: (city: string, state: string) => Calculator): RepriceParams {
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
  return {
    ids: sqlArrayLiteral(ids),
    readRates: sqlArrayLiteral(readRates),
    texts: texts.map((t) => t.join(RECORD_SEPARATOR)),
    cocs: cocs.map(sqlArrayLiteral),
  };
}

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
  const listings = createListingsRepository(db);
  const batchSize = options.batchSize ?? 2000;
  let done = 0;
  const total = options.onProgress ? await listings.countPricedAtOtherRate(latestRateSql()) : 0;
  options.onProgress?.({ done, total });
  let pages = await listings.heapPages();
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
      pages = await listings.heapPages();
      if (from >= pages) return null;
    }
    const to = Math.min(from + span, pages);
    const read = listings.readRepriceBatch(from, to);
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
        const written = await listings.writeRepriced(batch.rate, params);
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

/** Listings whose results were computed at a rate other than the latest 30-year rate. */
export async function countStaleForRate(db: Db): Promise<number> {
  const listings = createListingsRepository(db);
  const rate = await createRatesRepository(db).latestRate();
  return listings.countPricedAtOtherRate(sql<number | null>`${rate}::float8`);
}
