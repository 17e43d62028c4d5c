import { CandidatePool } from './candidate-pool';
import { boundingBox, haversineMiles } from './geo/distance';
import { dayNumber, monthsBefore, withinFences } from './stats';

/**
 * Comparable sales selection (docs/listings.md), in the spirit of PropStream's default comps:
 * sold within 12 months, within 0.5 mile, living area within ±20 %, same bedroom count. While fewer
 * than 3 are found the search widens: 1 mile, then 2 miles, then bedrooms ±1. Outliers (price per
 * square foot outside 1.5 × IQR) are dropped when there are at least 4, and at most 10 are kept,
 * nearest first. Pure: the caller prefilters candidates with a bounding box in SQL. The listings'
 * recomputation and the accuracy backtest (which selects the comps of every sale of a year) both
 * select with it.
 */
export interface CompStep {
  radiusMiles: number;
  bedsTolerance: number;
}

export const COMP_STEPS: readonly CompStep[] = [
  { radiusMiles: 0.5, bedsTolerance: 0 },
  { radiusMiles: 1, bedsTolerance: 0 },
  { radiusMiles: 2, bedsTolerance: 0 },
  { radiusMiles: 2, bedsTolerance: 1 },
];

export const COMP_RULES = {
  monthsBack: 12,
  /** Living area within ±20 % of the subject's. */
  areaTolerance: 0.2,
  /** Widen while fewer than this many are found. */
  minComps: 3,
  maxComps: 10,
  outlierIqrFactor: 1.5,
  /** Outliers are only judged with at least this many comps. */
  outlierMinComps: 4,
} as const;

/** The widest radius any step searches: the SQL prefilter box must cover it. */
export const MAX_COMP_RADIUS_MILES = Math.max(...COMP_STEPS.map((s) => s.radiusMiles));

export interface CompSubject {
  latitude: number;
  longitude: number;
  beds: number | null;
  area: number | null;
}

export interface CompCandidate {
  id: string;
  latitude: number;
  longitude: number;
  beds: number | null;
  /** Bathrooms (full + half + three-quarter), for the value estimate's adjustments. */
  baths: number | null;
  area: number | null;
  zip: string | null;
  closePrice: number;
  /** YYYY-MM-DD */
  closeDate: string;
  /** The same day as days since 1970-01-01 (dayNumber): compared per candidate, faster than the text. */
  closeDay: number;
}

export interface SelectedComp extends CompCandidate {
  distanceMiles: number;
}

export interface CompSelection {
  comps: SelectedComp[];
  /** Index in COMP_STEPS of the step that produced the comps (the last one when still fewer than 3). */
  step: number;
  outliersDropped: number;
}

/** A comp's price per square foot; null without an area. */
const perSqft = (c: Pick<CompCandidate, 'area' | 'closePrice'>) => (c.area !== null && c.area > 0 ? c.closePrice / c.area : null);

/** Drops comps whose price per square foot lies outside 1.5 × IQR (only with at least 4 to judge). */
export const dropOutliers = <T extends Pick<CompCandidate, 'area' | 'closePrice'>>(comps: readonly T[]): T[] =>
  withinFences(comps, perSqft, COMP_RULES.outlierIqrFactor, COMP_RULES.outlierMinComps);

const pool = new CandidatePool();

/** The window's first and last day for the last `asOf` asked (the same for a whole recomputation; a run of one day in the backtest). */
let window: { asOf: string; since: number; today: number } | null = null;

function windowOf(asOf: string): { since: number; today: number } {
  if (window?.asOf !== asOf) {
    window = { asOf, since: dayNumber(monthsBefore(asOf, COMP_RULES.monthsBack)), today: dayNumber(asOf) };
  }
  return window;
}

/**
 * Selects the comps of one subject from candidates (any superset of those within the widest radius;
 * or of those within some radius, when the step that finds enough searches no farther: the answer is
 * the same). `asOf` (YYYY-MM-DD) ends the 12-month window; a sale after it is never a comp.
 */
export function selectComps(subject: CompSubject, candidates: readonly CompCandidate[], asOf: string): CompSelection {
  const { since, today } = windowOf(asOf);
  const hasArea = subject.area !== null && subject.area > 0;
  const areaLow = hasArea ? (subject.area as number) * (1 - COMP_RULES.areaTolerance) : 0;
  const areaHigh = hasArea ? (subject.area as number) * (1 + COMP_RULES.areaTolerance) : 0;
  const beds = subject.beds;
  const box = boundingBox(subject.latitude, subject.longitude, MAX_COMP_RADIUS_MILES);

  // Everything but the step-dependent rules, with distances, once, in reused buffers: the backtest
  // runs this for every sale of a year over hundreds of candidates each.
  let n = 0;
  for (let k = 0; k < candidates.length; k++) {
    const c = candidates[k];
    if (c.closeDay < since || c.closeDay > today || !(c.closePrice > 0)) continue;
    if (c.latitude < box.south || c.latitude > box.north || c.longitude < box.west || c.longitude > box.east) continue;
    if (hasArea && (c.area === null || c.area < areaLow || c.area > areaHigh)) continue;
    const distanceMiles = haversineMiles(subject.latitude, subject.longitude, c.latitude, c.longitude);
    if (distanceMiles > MAX_COMP_RADIUS_MILES) continue;
    pool.ensure(n);
    pool.index[n] = k;
    pool.miles[n] = distanceMiles;
    const bedsOff = CandidatePool.bedsOff(beds, c.beds);
    pool.bedsOff[n] = bedsOff;
    // The first step that takes it (the steps only widen: it is in every later one too).
    let first = 0;
    while (
      first < COMP_STEPS.length &&
      (distanceMiles > COMP_STEPS[first].radiusMiles || bedsOff > COMP_STEPS[first].bedsTolerance)
    ) {
      first++;
    }
    pool.firstStep[n] = first;
    n++;
  }

  // How many each step takes, counted once: the steps' sets are nested.
  const perStep = new Array<number>(COMP_STEPS.length + 1).fill(0);
  for (let j = 0; j < n; j++) perStep[pool.firstStep[j]]++;
  let step = 0;
  let count = perStep[0];
  while (count < COMP_RULES.minComps && step + 1 < COMP_STEPS.length) count += perStep[++step];

  // The step's comps as places in the pool: objects only for the ten kept (the backtest's subjects can
  // have hundreds within half a mile, and an object each was most of its garbage).
  const found: number[] = [];
  for (let j = 0; j < n; j++) if (pool.firstStep[j] <= step) found.push(j);
  const kept = withinFences(
    found,
    (j) => perSqft(candidates[pool.index[j]]),
    COMP_RULES.outlierIqrFactor,
    COMP_RULES.outlierMinComps,
  );
  const idOf = (j: number) => candidates[pool.index[j]].id;
  kept.sort((a, b) => pool.miles[a] - pool.miles[b] || (idOf(a) < idOf(b) ? -1 : idOf(a) > idOf(b) ? 1 : 0));
  return {
    comps: kept.slice(0, COMP_RULES.maxComps).map((j) => ({ ...candidates[pool.index[j]], distanceMiles: pool.miles[j] })),
    step,
    outliersDropped: found.length - kept.length,
  };
}
