import { sql } from 'kysely';
import { DEFAULT_ASSUMPTIONS, seasonalOccupancyFor, type AssumptionOverrides } from '../../../shared/invest';
import type { Db } from '../../db/database';
import {
  createListingsRepository,
  noteListingsChanged,
  recomputeDirty,
  insertPastListings,
  type LeaseRecord,
  type ListingRecord,
  type ListingPriceChange,
  type PastListingRecord,
  type RecomputeProgress,
  type SoldRecord,
  upsertLeases,
} from '../listings';
import { refreshPlaces } from '../places';
import { DEMO_CITIES, type CityProfile } from './cities';
import { daysBetween } from '../../../shared/stats';
import { DEMO_AS_OF, addDays, demoItem, todayUtc } from './generator';
import { demoPastListings } from './past-listings';
import { addMarketsWithAssumptions } from '../catalog';

export interface DemoLoadOptions {
  listings: number;
  seed: number;
  /**
   * The day a new set's listings (and its sales' and leases' dates and trends) are made as of,
   * YYYY-MM-DD; by default today (UTC). A set already begun keeps its own day.
   */
  asOf?: string;
  batchSize?: number;
  /** Listings per recompute batch. */
  recomputeBatchSize?: number;
  onProgress?: (progress: { phase: 'insert' | 'recompute'; done: number; total: number }) => void;
  /** Between batches (the server yields to requests here). */
  pause?: () => Promise<void>;
  /** Stop after the current batch (shutdown); loading again later finishes the work. */
  shouldStop?: () => boolean;
}

export interface DemoLoadSummary {
  listings: number;
  sold: number;
  leases: number;
  recomputed: number;
  seconds: number;
}

/**
 * The day the listings of `seed` are on the market as of (and its sales and leases end): the day its
 * first load started (`fresh`). A load resumed after a crash, or run again later, finds it from its
 * first listing's on-market date, so loading the same seed again changes nothing.
 */
async function listedAsOf(db: Db, seed: number, fresh: string): Promise<string> {
  const first = demoItem(seed, 0, DEMO_AS_OF).listing;
  const stored = await sql<{ day: string | null }>`
    select on_market_date::text as day from properties where listing_key = ${first.listing_key}`.execute(db);
  const day = stored.rows[0]?.day;
  return day ? addDays(day, daysBetween(first.on_market_date as string, DEMO_AS_OF)) : fresh;
}

/**
 * Writes the data set into the database (sold comps and leases first, then listings, so nothing
 * is marked twice), the listings with their price history, and computes comps, deal status and strategy
 * results. Idempotent: loading the same seed again changes nothing.
 */
export async function loadDemoData(db: Db, options: DemoLoadOptions): Promise<DemoLoadSummary> {
  const started = Date.now();
  const batchSize = options.batchSize ?? 2000;
  const n = options.listings;
  const asOf = await listedAsOf(db, options.seed, options.asOf ?? todayUtc());
  let sold = 0;
  let leases = 0;
  const summary = (recomputed: number) => ({ listings: n, sold, leases, recomputed, seconds: (Date.now() - started) / 1000 });
  const total = n * 2;
  for (let phase = 0; phase < 2; phase++) {
    for (let start = 0; start < n; start += batchSize) {
      if (options.shouldStop?.()) return summary(0);
      await options.pause?.();
      const end = Math.min(n, start + batchSize);
      const listings: ListingRecord[] = [];
      const sales: SoldRecord[] = [];
      const rentals: LeaseRecord[] = [];
      const history: ListingPriceChange[] = [];
      for (let i = start; i < end; i++) {
        const item = demoItem(options.seed, i, asOf);
        if (phase === 0) {
          sales.push(...item.sold);
          rentals.push(...item.leases);
        } else {
          listings.push(item.listing);
          for (const change of item.priceHistory) history.push({ listing_key: item.listing.listing_key, ...change });
        }
      }
      await db.transaction().execute(async (trx) => {
        const repository = createListingsRepository(trx);
        if (phase === 0) {
          await repository.upsertSold(sales);
          await upsertLeases(trx, rentals);
        } else await repository.upsertListings(listings, { priceHistory: history });
      });
      sold += sales.length;
      leases += rentals.length;
      options.onProgress?.({ phase: 'insert', done: phase * n + end, total });
    }
  }
  await addOccupancyMarkets(db);
  const recomputed = await recomputeDirty(db, {
    batchSize: options.recomputeBatchSize,
    pause: options.pause,
    shouldStop: options.shouldStop,
    onProgress: (p: RecomputeProgress) => options.onProgress?.({ phase: 'recompute', ...p }),
  });
  if (options.shouldStop?.()) return summary(recomputed);
  await refreshPlaces(db);
  await noteListingsChanged(db);
  return summary(recomputed);
}

export interface DemoHistoryOptions {
  listings: number;
  seed: number;
  /** The as-of day of a set not loaded yet (tests); a loaded set's own day otherwise, as loadDemoData's. */
  asOf?: string;
  batchSize?: number;
  onProgress?: (progress: { done: number; total: number }) => void;
  pause?: () => Promise<void>;
  shouldStop?: () => boolean;
}

/**
 * Writes the demo market's three years before the load: the past listings that held each listing's
 * place (past-listings.ts), for the trends only, so the start runs it after the listings are ready.
 * Idempotent: a past listing already written is left as it is. Returns how many the set has.
 */
export async function loadDemoHistory(db: Db, options: DemoHistoryOptions): Promise<{ pastListings: number; seconds: number }> {
  const started = Date.now();
  const batchSize = options.batchSize ?? 2000;
  const asOf = await listedAsOf(db, options.seed, options.asOf ?? todayUtc());
  let pastListings = 0;
  for (let start = 0; start < options.listings; start += batchSize) {
    if (options.shouldStop?.()) break;
    await options.pause?.();
    const end = Math.min(options.listings, start + batchSize);
    const past: PastListingRecord[] = [];
    for (let i = start; i < end; i++) past.push(...demoPastListings(options.seed, i, demoItem(options.seed, i, asOf), asOf));
    await insertPastListings(db, past);
    pastListings += past.length;
    options.onProgress?.({ done: end, total: options.listings });
  }
  // The trends' worker looks again (their fingerprint counts the past listings).
  if (pastListings > 0) await noteListingsChanged(db);
  return { pastListings, seconds: (Date.now() - started) / 1000 };
}

export const OCCUPANCY_MARKET_DESCRIPTION = 'A demo city: its short-term rentals book its published average occupancy';

/** A demo city's market assumptions: its seasons' occupancy for its published average. */
export function demoMarketAssumptions(city: CityProfile): AssumptionOverrides {
  return city.occupancyPercent === undefined
    ? {}
    : { shortTerm: seasonalOccupancyFor(city.occupancyPercent, DEFAULT_ASSUMPTIONS.shortTerm) };
}

/**
 * The demo cities with a published occupancy and listings become markets with that occupancy, so
 * their short-term results use it. A market that already exists (an admin's) is left as it is.
 */
async function addOccupancyMarkets(db: Db): Promise<void> {
  const markets = DEMO_CITIES.filter((c) => c.occupancyPercent !== undefined).map((c) => ({
    city: c.city,
    state: c.state,
    assumptions: demoMarketAssumptions(c),
  }));
  await addMarketsWithAssumptions(db, markets, OCCUPANCY_MARKET_DESCRIPTION);
}
