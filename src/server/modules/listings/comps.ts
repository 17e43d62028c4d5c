import { haversineMiles } from '../../../shared/geo/distance';
import { monthsBefore, quartiles } from '../../../shared/stats';

export { monthsBefore, quartiles };

/**
 * Comparable sales selection (docs/listings.md), in the spirit of PropStream's default comps:
 * sold within 12 months, within 0.5 mile, living area within ±20 %, same bedroom count. While fewer
 * than 3 are found the search widens: 1 mile, then 2 miles, then bedrooms ±1. Outliers (price per
 * square foot outside 1.5 × IQR) are dropped when there are at least 4, and at most 10 are kept,
 * nearest first. Pure: the caller prefilters candidates with a bounding box in SQL.
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
  area: number | null;
  closePrice: number;
  /** YYYY-MM-DD */
  closeDate: string;
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

function byDistance(a: SelectedComp, b: SelectedComp): number {
  return a.distanceMiles - b.distanceMiles || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Drops comps whose price per square foot lies outside 1.5 × IQR (only with at least 4 to judge). */
export function dropOutliers(comps: SelectedComp[]): SelectedComp[] {
  const withArea = comps.filter((c) => c.area !== null && c.area > 0);
  if (withArea.length < COMP_RULES.outlierMinComps) return comps;
  const { q1, q3 } = quartiles(withArea.map((c) => c.closePrice / (c.area as number)));
  const fence = COMP_RULES.outlierIqrFactor * (q3 - q1);
  const low = q1 - fence;
  const high = q3 + fence;
  return comps.filter((c) => {
    if (c.area === null || c.area <= 0) return true;
    const ppsf = c.closePrice / c.area;
    return ppsf >= low && ppsf <= high;
  });
}

/**
 * Selects the comps of one subject from candidates (any superset of those within the widest radius).
 * `asOf` (YYYY-MM-DD) ends the 12-month window.
 */
export function selectComps(subject: CompSubject, candidates: readonly CompCandidate[], asOf: string): CompSelection {
  const since = monthsBefore(asOf, COMP_RULES.monthsBack);
  const areaLow = subject.area !== null && subject.area > 0 ? subject.area * (1 - COMP_RULES.areaTolerance) : null;
  const areaHigh = subject.area !== null && subject.area > 0 ? subject.area * (1 + COMP_RULES.areaTolerance) : null;

  // Everything but the step-dependent rules, with distances, once.
  const pool: SelectedComp[] = [];
  for (const c of candidates) {
    if (c.closeDate < since || c.closeDate > asOf) continue;
    if (!(c.closePrice > 0)) continue;
    if (areaLow !== null && (c.area === null || c.area < areaLow || c.area > (areaHigh as number))) continue;
    const distanceMiles = haversineMiles(subject.latitude, subject.longitude, c.latitude, c.longitude);
    if (distanceMiles > MAX_COMP_RADIUS_MILES) continue;
    pool.push({ ...c, distanceMiles });
  }

  let found: SelectedComp[] = [];
  let step = 0;
  for (; step < COMP_STEPS.length; step++) {
    const { radiusMiles, bedsTolerance } = COMP_STEPS[step];
    found = pool.filter(
      (c) =>
        c.distanceMiles <= radiusMiles &&
        (subject.beds === null || (c.beds !== null && Math.abs(c.beds - subject.beds) <= bedsTolerance)),
    );
    if (found.length >= COMP_RULES.minComps) break;
  }
  if (step === COMP_STEPS.length) step = COMP_STEPS.length - 1;

  const kept = dropOutliers(found);
  kept.sort(byDistance);
  return { comps: kept.slice(0, COMP_RULES.maxComps), step, outliersDropped: found.length - kept.length };
}
