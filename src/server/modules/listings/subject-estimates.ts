import { sql } from 'kysely';
import { COMP_RULES, MAX_COMP_RADIUS_MILES, selectComps } from '../../../shared/comps';
import { estimateRent, MAX_LEASE_MONTHS, MAX_LEASE_RADIUS_MILES } from '../../../shared/rent-estimate';
import { dayNumber, monthsBefore } from '../../../shared/stats';
import { marketKey } from '../../../shared/valuation/market-model';
import { valueEstimate } from '../../../shared/valuation/value-estimate';
import type { Db } from '../../db/database';
import { boxAround, cellsAround } from './candidate-grid';
import { createLeaseReads } from './lease-reads';
import { marketModels, type MarketModels } from './market-models';
import { compCandidate, createRecomputeRepository } from './recompute-repository';

/** A home that is not (or no longer) listed: where it is and what it has. */
export interface EstimateSubject {
  latitude: number;
  longitude: number;
  beds: number | null;
  baths: number | null;
  area: number | null;
  zip: string | null;
  city: string;
  state: string;
}

/** A value or rent estimate and the spread of the comps it came from. */
export interface SubjectEstimate {
  value: number;
  compsLow: number | null;
  compsHigh: number | null;
}

/**
 * The value and rent estimates of any home by the listings' own method (recompute-dirty.ts): its sold
 * comps and lease comps as of the newest sale and lease, adjusted by its market's models. A portfolio's
 * homes left the listings when they were bought; this values them the same way. One estimator reads the
 * reference dates and the markets' models once, for all the homes it is asked about.
 */
export function createSubjectEstimator(db: Db) {
  const repo = createRecomputeRepository(db);
  const leaseReads = createLeaseReads(db);
  let context: Promise<{ asOf: string; leaseAsOf: string; values: MarketModels; rents: MarketModels }> | null = null;
  const load = async () => {
    const asOf = await repo.compsAsOf();
    const leaseAsOf = await leaseReads.asOf();
    return { asOf, leaseAsOf, values: await marketModels(db, 'value', asOf), rents: await marketModels(db, 'rent', leaseAsOf) };
  };

  return async function estimate(
    subject: EstimateSubject,
  ): Promise<{ value: SubjectEstimate | null; rent: SubjectEstimate | null }> {
    const { asOf, leaseAsOf, values, rents } = await (context ??= load());
    const compCells = cellsAround([subject], MAX_COMP_RADIUS_MILES);
    const compRows = await repo.readCompCandidates(compCells.boxes, monthsBefore(asOf, COMP_RULES.monthsBack), asOf);
    const { comps } = selectComps(subject, compRows.map(compCandidate), asOf);
    const market = marketKey(subject.city, subject.state);
    const value = valueEstimate({ ...subject, listPrice: 0 }, comps, values.get(market) ?? null, dayNumber(asOf));

    const around = boxAround(cellsAround([subject], MAX_LEASE_RADIUS_MILES).boxes);
    const leases = await leaseReads.candidates(around, monthsBefore(leaseAsOf, MAX_LEASE_MONTHS), leaseAsOf);
    const rent = estimateRent(subject, leases, leaseAsOf, rents.get(market) ?? null).estimate;
    return {
      value: value.value === null ? null : { value: value.value, compsLow: value.compsLow, compsHigh: value.compsHigh },
      rent: rent.monthlyRent === null ? null : { value: rent.monthlyRent, compsLow: rent.low, compsHigh: rent.high },
    };
  };
}

export type SubjectEstimator = ReturnType<typeof createSubjectEstimator>;

/**
 * A home Dealmap knows at this street address and ZIP — a listing, else its latest sale, else its
 * latest lease — with where it is and what it has (null when none).
 */
export async function findHome(
  db: Db,
  address: string,
  zip: string,
): Promise<(EstimateSubject & { propertyId: string | null }) | null> {
  const { rows } = await sql<EstimateSubject & { propertyId: string | null }>`
    select "propertyId", latitude, longitude, beds, baths, area, zip, city, state from (
      select 1 as rank, id::text as "propertyId", latitude, longitude, beds, nullif(baths_total, 0)::float8 as baths, area, zip, city, state, now() as at
      from properties where lower(address_full) = lower(${address}) and zip = ${zip}
      union all
      select 2, null, latitude, longitude, beds, nullif(baths_total, 0)::float8, area, zip, city, state, close_date::timestamptz
      from sold_comps where lower(address_full) = lower(${address}) and zip = ${zip}
      union all
      select 3, null, latitude, longitude, beds, nullif(baths_total, 0)::float8, area, zip, city, state, close_date::timestamptz
      from leases where lower(address_full) = lower(${address}) and zip = ${zip}
    ) homes
    order by rank, at desc
    limit 1`.execute(db);
  return rows[0] ?? null;
}
