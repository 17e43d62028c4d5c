import { assessDeal, engineInputs } from './analysis';
import { COMP_RULES, MAX_COMP_RADIUS_MILES, selectComps } from '../../../shared/comps';
import { dayNumber, monthsBefore } from '../../../shared/stats';
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
import type { Db } from '../../db/database';
import { timeJob } from '../../lib/metrics/job-metrics';
import { noteListingsChanged } from './changes';
import { marketModels } from './market-models';
import { createRatesRepository } from '../rates';
import { boxAround, byCell, cellBox, cellOf, cellsAround, gathered, LEASE_CELLS_WEST } from './candidate-grid';
import { calculatorsAt } from './market-calculators';
import { createListingsRepository } from './repository';
import { compCandidate, storedCoc } from './recompute-repository';

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
export const recomputeDirty = (db: Db, options: RecomputeOptions = {}): Promise<number> =>
  timeJob(
    'recompute',
    () => recomputeDirtyListings(db, options),
    (n) => n,
  );

async function recomputeDirtyListings(db: Db, options: RecomputeOptions): Promise<number> {
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
    const comps = byCell(compRows.map(compCandidate));

    const leaseStarted = performance.now();
    const leaseCells = cellsAround(rows, MAX_LEASE_RADIUS_MILES);
    const unread = leaseCells.keys.filter((key) => !leases.has(key));
    if (unread.length) {
      // One box around the unread cells; the leases of cells already read (or not asked for) are dropped.
      const boxes = unread.map(cellBox);
      const around = boxAround(boxes);
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
