import { CandidatePool } from './candidate-pool';
import { formatCurrency } from './format';
import { boundingBox, haversineMiles } from './geo/distance';
import type { RentEstimate, RentSource } from './schemas/property-estimates';
import { dayNumber, monthsBefore, quartiles, roundTo, withinFences } from './stats';
import { estimateFromComps } from './valuation/adjusted-comps';
import type { MarketModel } from './valuation/market-model';
import { rangeText } from './valuation/ranges';

/**
 * A listing's rent from lease comps (docs/investment-math.md, "Rent from lease comps"), in the way
 * investors check an automated estimate (DealCheck's rent comps, RentCast's range): closed leases of
 * similar homes nearby and recent, each adjusted to the listing by the market's rent model (time,
 * area, rooms and location: src/shared/valuation/adjusted-comps.ts; without a model, scaled by its
 * rent per square foot); the estimate is their median weighted by distance, the lease comps' spread
 * their 25th–75th percentile (the range shown with it is the backtest's, docs/accuracy.md). Pure:
 * the caller prefilters the candidates with a box in SQL.
 */

export interface LeaseStep {
  radiusMiles: number;
  bedsTolerance: number;
  monthsBack: number;
}

/** The search widens step by step while fewer than `enough` leases are found. */
export const LEASE_STEPS: readonly LeaseStep[] = [
  { radiusMiles: 0.5, bedsTolerance: 0, monthsBack: 12 },
  { radiusMiles: 1, bedsTolerance: 0, monthsBack: 12 },
  { radiusMiles: 2, bedsTolerance: 0, monthsBack: 12 },
  { radiusMiles: 2, bedsTolerance: 1, monthsBack: 12 },
  { radiusMiles: 3, bedsTolerance: 1, monthsBack: 12 },
  { radiusMiles: 3, bedsTolerance: 1, monthsBack: 24 },
];

export const LEASE_RULES = {
  /** Living area within ±25 % of the listing's. */
  areaTolerance: 0.25,
  /** Widen while fewer than this many are found. */
  enough: 12,
  /** Fewer than this at the widest step: no estimate (the rent falls back). */
  minLeases: 3,
  /** The nearest this many are kept. */
  maxLeases: 15,
  outlierIqrFactor: 1.5,
  /** Outliers (rent per square foot outside 1.5 × IQR) are only judged with at least this many. */
  outlierMinLeases: 4,
  /** Estimates and ranges are rounded to this many dollars. */
  roundTo: 25,
} as const;

/** The widest radius any step searches: the SQL prefilter box must cover it. */
export const MAX_LEASE_RADIUS_MILES = Math.max(...LEASE_STEPS.map((s) => s.radiusMiles));
/** The longest look back any step takes. */
export const MAX_LEASE_MONTHS = Math.max(...LEASE_STEPS.map((s) => s.monthsBack));

export interface LeaseSubject {
  latitude: number;
  longitude: number;
  beds: number | null;
  area: number | null;
  /** Bathrooms and ZIP, for the model's adjustments (none where unknown). */
  baths?: number | null;
  zip?: string | null;
}

export interface LeaseCandidate {
  id: string;
  latitude: number;
  longitude: number;
  beds: number | null;
  area: number | null;
  baths?: number | null;
  zip?: string | null;
  /** The monthly rent the lease closed at. */
  rent: number;
  /** The day it closed, as days since 1970-01-01 (dayNumber in src/shared/stats.ts). */
  closeDay: number;
}

export interface SelectedLease extends LeaseCandidate {
  distanceMiles: number;
  /** The rent adjusted to the listing (time, area, rooms, location: the market's rent model). */
  adjustedRent: number;
}

/** The estimate's figures (RentEstimate without the engine rent's source or its range) and the leases used, nearest first. */
export interface LeaseEstimate {
  estimate: Omit<RentEstimate, 'source' | 'range'>;
  leases: SelectedLease[];
  /** The estimate before rounding (the backtest compares it); null without one. */
  exact: number | null;
  /** The step of LEASE_STEPS that found the leases (−1: too few at the widest). */
  step: number;
}

const roundRent = (value: number) => roundTo(value, LEASE_RULES.roundTo);

/** A lease's rent per square foot; null without an area. */
const perSqft = (l: LeaseCandidate) => (l.area !== null && l.area > 0 ? l.rent / l.area : null);

const pool = new CandidatePool();

/** The steps' look-backs in months, shortest first, and each step's place among them. */
const WINDOWS = [...new Set(LEASE_STEPS.map((s) => s.monthsBack))].sort((a, b) => a - b);
const STEP_WINDOW = LEASE_STEPS.map((s) => WINDOWS.indexOf(s.monthsBack));

/** `asOf` and each look-back's first day (WINDOWS' order) as day numbers, for the last `asOf` asked (the same for a whole recomputation). */
let daysFor: { asOf: string; day: number; starts: number[] } | null = null;

function daysOf(asOf: string): { day: number; starts: number[] } {
  if (daysFor?.asOf !== asOf) {
    daysFor = { asOf, day: dayNumber(asOf), starts: WINDOWS.map((months) => dayNumber(monthsBefore(asOf, months))) };
  }
  return daysFor;
}

/**
 * The lease comps of one listing and their estimate, as of `asOf` (YYYY-MM-DD, the newest lease's
 * date): candidates are any superset of the leases within MAX_LEASE_RADIUS_MILES (or of those within
 * some radius, when the step that finds enough searches no farther: the answer is the same). `model` is the
 * listing's market's rent model (null: the rents are scaled by area alone).
 */
export function estimateRent(
  subject: LeaseSubject,
  candidates: readonly LeaseCandidate[],
  asOf: string,
  model: MarketModel | null = null,
): LeaseEstimate {
  const hasArea = subject.area !== null && subject.area > 0;
  const area = subject.area as number;
  const areaLow = area * (1 - LEASE_RULES.areaTolerance);
  const areaHigh = area * (1 + LEASE_RULES.areaTolerance);
  const { day: today, starts } = daysOf(asOf);
  const oldest = starts[starts.length - 1];
  const beds = subject.beds;
  const box = boundingBox(subject.latitude, subject.longitude, MAX_LEASE_RADIUS_MILES);

  // The candidates within reach, as indexes and distances in reused buffers: the recomputation calls
  // this for every listing over hundreds of candidates, and an object per candidate was most of its time.
  let n = 0;
  for (let k = 0; k < candidates.length; k++) {
    const c = candidates[k];
    if (c.latitude < box.south || c.latitude > box.north || c.longitude < box.west || c.longitude > box.east) continue;
    if (c.closeDay < oldest || c.closeDay > today || !(c.rent > 0)) continue;
    if (hasArea && (c.area === null || c.area < areaLow || c.area > areaHigh)) continue;
    const distanceMiles = haversineMiles(subject.latitude, subject.longitude, c.latitude, c.longitude);
    if (distanceMiles > MAX_LEASE_RADIUS_MILES) continue;
    pool.ensure(n);
    pool.index[n] = k;
    pool.miles[n] = distanceMiles;
    pool.bedsOff[n] = CandidatePool.bedsOff(beds, c.beds);
    let w = 0;
    while (c.closeDay < starts[w]) w++;
    // The first step that takes it (the steps only widen: it is in every later one too).
    let first = 0;
    const bedsOff = pool.bedsOff[n];
    while (
      first < LEASE_STEPS.length &&
      (distanceMiles > LEASE_STEPS[first].radiusMiles || bedsOff > LEASE_STEPS[first].bedsTolerance || w > STEP_WINDOW[first])
    ) {
      first++;
    }
    pool.firstStep[n] = first;
    n++;
  }

  // How many each step takes, counted once: the steps' sets are nested.
  const perStep = new Array<number>(LEASE_STEPS.length + 1).fill(0);
  for (let j = 0; j < n; j++) perStep[pool.firstStep[j]]++;
  let step = 0;
  let count = perStep[0];
  while (count < LEASE_RULES.enough && step + 1 < LEASE_STEPS.length) count += perStep[++step];
  if (count < LEASE_RULES.minLeases) return { estimate: noEstimate(count), leases: [], exact: null, step: -1 };

  // The step's leases as places in the pool, rent per square foot outliers dropped, the nearest kept:
  // objects only for those (an object per candidate within reach was most of the backtest's garbage).
  const found: number[] = [];
  for (let j = 0; j < n; j++) if (pool.firstStep[j] <= step) found.push(j);
  const within = withinFences(
    found,
    (j) => perSqft(candidates[pool.index[j]]),
    LEASE_RULES.outlierIqrFactor,
    LEASE_RULES.outlierMinLeases,
  );
  const idOf = (j: number) => candidates[pool.index[j]].id;
  within.sort((a, b) => pool.miles[a] - pool.miles[b] || (idOf(a) < idOf(b) ? -1 : idOf(a) > idOf(b) ? 1 : 0));
  const kept = within
    .slice(0, LEASE_RULES.maxLeases)
    .map((j) => ({ ...candidates[pool.index[j]], distanceMiles: pool.miles[j] }));
  const adjusted = estimateFromComps(
    { area: subject.area, beds: subject.beds, baths: subject.baths ?? null, zip: subject.zip ?? null },
    kept.map((l) => ({ ...l, baths: l.baths ?? null, zip: l.zip ?? null, amount: l.rent })),
    model,
  );
  if (!adjusted) return { estimate: noEstimate(0), leases: [], exact: null, step: -1 };
  const leases: SelectedLease[] = kept.map((l, k) => ({ ...l, adjustedRent: adjusted.comps[k].adjusted }));
  const rents = leases.map((l) => l.adjustedRent);
  const mid = adjusted.amount;
  const { q1, q3 } = quartiles(rents);
  const newest = Math.max(...leases.map((l) => l.closeDay));
  const oldestUsed = Math.min(...leases.map((l) => l.closeDay));
  return {
    estimate: {
      monthlyRent: roundRent(mid),
      low: roundRent(q1),
      high: roundRent(q3),
      leaseCount: leases.length,
      spreadPercent: mid > 0 ? Math.round(((Math.max(...rents) - Math.min(...rents)) / mid) * 1000) / 10 : null,
      farthestMiles: Math.max(0.1, Math.ceil(Math.max(...leases.map((l) => l.distanceMiles)) * 10) / 10),
      oldestMonths: Math.max(1, Math.ceil((today - oldestUsed) / 30.4375)),
      newestLeaseDays: Math.max(0, today - newest),
      searchedMiles: MAX_LEASE_RADIUS_MILES,
      compsLow: Math.round(Math.min(...rents)),
      compsHigh: Math.round(Math.max(...rents)),
    },
    leases,
    exact: mid,
    step,
  };
}

/** The figures of a listing with too few leases (`found` of them at the widest step, fewer than needed). */
function noEstimate(found: number): LeaseEstimate['estimate'] {
  return {
    monthlyRent: null,
    low: null,
    high: null,
    leaseCount: found,
    spreadPercent: null,
    farthestMiles: null,
    oldestMonths: null,
    newestLeaseDays: null,
    searchedMiles: MAX_LEASE_RADIUS_MILES,
    compsLow: null,
    compsHigh: null,
  };
}

/** Without a feed rent or an estimate: the city's median rent per square foot of leases × the area, else 0.75 % of the price. */
export const RENT_FALLBACK = {
  /** Monthly rent as a share of the price when the city has no leases either. */
  rentToPrice: 0.0075,
} as const;

/**
 * The engine's monthly rent and its source: the feed's (kept), else the estimate, else the city's
 * median rent per square foot times the area, else 0.75 % of the price; rounded to $25 but the feed's.
 */
export function engineRent(
  feedRent: number | null,
  estimate: number | null,
  cityRentPerSqft: number | null,
  area: number | null,
  price: number,
): { monthlyRent: number; source: RentSource } {
  if (feedRent !== null) return { monthlyRent: feedRent, source: 'feed' };
  if (estimate !== null) return { monthlyRent: estimate, source: 'leases' };
  if (cityRentPerSqft !== null && cityRentPerSqft > 0 && area !== null && area > 0) {
    return { monthlyRent: roundRent(cityRentPerSqft * area), source: 'cityMedian' };
  }
  return { monthlyRent: roundRent(price * RENT_FALLBACK.rentToPrice), source: 'price' };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const miles = (m: number) => `${m.toLocaleString('en-US', { maximumFractionDigits: 1 })} mi`;

/** "from 8 leases within 0.6 mi, last 9 months" */
function basis(e: RentEstimate): string {
  return `from ${plural(e.leaseCount, 'lease')} within ${miles(e.farthestMiles ?? e.searchedMiles)}, last ${plural(e.oldestMonths ?? 1, 'month')}`;
}

/**
 * "$1,850/mo · 80 % range $1,650–$2,075 · from 8 leases within 0.6 mi, last 9 months · lease comps'
 * spread $1,700–$2,000" (no range before the market's accuracy is first measured).
 */
function estimateFigures(e: RentEstimate): string {
  return [
    `${formatCurrency(e.monthlyRent)}/mo`,
    ...(e.range ? [rangeText(e.range)] : []),
    basis(e),
    `lease comps' spread ${formatCurrency(e.low)}–${formatCurrency(e.high)}`,
  ].join(' · ');
}

/**
 * Where a listing's rent comes from, in one sentence: "Rent $1,850/mo · 80 % range $1,650–$2,075 ·
 * from 8 leases within 0.6 mi, last 9 months · lease comps' spread $1,700–$2,000"; a feed rent with
 * the comps' estimate beside it; or the visible fallback ("No lease comps within 3 mi: rent from the
 * city median, $1,600/mo").
 */
export function rentEstimateText(e: RentEstimate, monthlyRent: number | null): string {
  const rent = `${formatCurrency(monthlyRent)}/mo`;
  const none = `no lease comps within ${miles(e.searchedMiles)}`;
  switch (e.source) {
    case 'leases':
      return `Rent ${estimateFigures(e)}`;
    case 'feed':
      return e.monthlyRent === null
        ? `Rent ${rent} from the listing feed; ${none}`
        : `Rent ${rent} from the listing feed; lease comps say ${estimateFigures(e)}`;
    case 'cityMedian':
      return `No lease comps within ${miles(e.searchedMiles)}: rent from the city median, ${rent}`;
    case 'price':
      return `No lease comps within ${miles(e.searchedMiles)}: rent at 0.75% of the price, ${rent}`;
  }
}

/** The rent's source in a few words, beside the figure in the property's details: "from 8 lease comps". */
export function rentSourceText(e: RentEstimate | null | undefined): string | null {
  switch (e?.source) {
    case undefined:
      return null;
    case 'leases':
      return `from ${plural(e.leaseCount, 'lease comp')}`;
    case 'feed':
      return 'from the listing feed';
    case 'cityMedian':
      return 'from the city median (no lease comps)';
    case 'price':
      return 'at 0.75% of the price (no lease comps)';
  }
}
