import { sql } from 'kysely';
import { DEFAULT_ASSUMPTIONS, seasonalOccupancyFor, type AssumptionOverrides } from '../../../shared/invest';
import type { Db } from '../../db/database';
import {
  createListingsRepository,
  noteListingsChanged,
  recomputeDirty,
  type ListingRecord,
  type RecomputeProgress,
  type SoldRecord,
} from '../listings';
import { refreshPlaces } from '../places';
import { DEMO_CITIES, type CityProfile } from './cities';
import { demoItem } from './generator';

export interface DemoLoadOptions {
  listings: number;
  seed: number;
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
  recomputed: number;
  seconds: number;
}

/**
 * Writes the data set into the database (sold comps first, then listings, so nothing is marked
 * twice) and computes comps, deal status and strategy results. Idempotent: loading the same seed
 * again changes nothing.
 */
export async function loadDemoData(db: Db, options: DemoLoadOptions): Promise<DemoLoadSummary> {
  const started = Date.now();
  const batchSize = options.batchSize ?? 2000;
  const n = options.listings;
  let sold = 0;
  const total = n * 2;
  for (let phase = 0; phase < 2; phase++) {
    for (let start = 0; start < n; start += batchSize) {
      if (options.shouldStop?.()) return { listings: n, sold, recomputed: 0, seconds: (Date.now() - started) / 1000 };
      await options.pause?.();
      const end = Math.min(n, start + batchSize);
      const listings: ListingRecord[] = [];
      const sales: SoldRecord[] = [];
      for (let i = start; i < end; i++) {
        const item = demoItem(options.seed, i);
        if (phase === 0) sales.push(...item.sold);
        else listings.push(item.listing);
      }
      await db.transaction().execute(async (trx) => {
        const repository = createListingsRepository(trx);
        if (phase === 0) await repository.upsertSold(sales);
        else await repository.upsertListings(listings);
      });
      sold += sales.length;
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
  if (options.shouldStop?.()) return { listings: n, sold, recomputed, seconds: (Date.now() - started) / 1000 };
  await refreshPlaces(db);
  await noteListingsChanged(db);
  return { listings: n, sold, recomputed, seconds: (Date.now() - started) / 1000 };
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
  await sql`
    insert into markets (city, state, description, active, assumptions)
    select m.city, m.state, ${OCCUPANCY_MARKET_DESCRIPTION}, true, m.assumptions
    from jsonb_to_recordset(${JSON.stringify(markets)}::jsonb) as m(city text, state text, assumptions jsonb)
    where exists (select 1 from properties p where lower(p.city) = lower(m.city) and upper(p.state) = upper(m.state))
    on conflict (lower(city), upper(state)) do nothing`.execute(db);
}
