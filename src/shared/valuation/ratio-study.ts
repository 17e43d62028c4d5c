import { median } from '../stats';

/**
 * How close estimates came to what really sold or rented, in the measures of the IAAO Standard on
 * Ratio Studies (2013) and of the AVM vendors' accuracy tables (docs/accuracy.md). A ratio is
 * estimate ÷ actual; an error is (estimate − actual) ÷ actual.
 */

export interface Outcome {
  estimate: number;
  actual: number;
  /** The range shown with the estimate, when there was one. */
  low?: number;
  high?: number;
}

export interface RatioStudy {
  count: number;
  /** The median of estimate ÷ actual (IAAO: 0.90–1.10). */
  medianRatio: number;
  /** Coefficient of dispersion: the mean absolute deviation of the ratios from their median, percent of it (IAAO: ≤ 15 for single-family homes). */
  cod: number;
  /** Price-related differential: the mean ratio ÷ the ratio of the sums (IAAO: 0.98–1.03; above, cheap homes are overvalued against dear ones). */
  prd: number;
  /** The median of |error|, percent. */
  medianAbsErrorPercent: number;
  /** Shares of estimates within 5, 10 and 20 % of the actual, percent. */
  within5: number;
  within10: number;
  within20: number;
  /** The median error with its sign, percent: above 0 the estimates run high. */
  biasPercent: number;
  /** The share of actuals inside the range shown, percent; null when no outcome had a range. */
  coveragePercent: number | null;
}

/** The signed errors' histogram bins, percent: below −30, then 5-point bins to 30, then above 30. */
export const ERROR_BINS = [-30, -25, -20, -15, -10, -5, 0, 5, 10, 15, 20, 25, 30] as const;

/** Which bin of ERROR_BINS an error (percent) falls in: 0 below −30 … ERROR_BINS.length above 30. */
export function errorBin(errorPercent: number): number {
  let bin = 0;
  while (bin < ERROR_BINS.length && errorPercent >= ERROR_BINS[bin]) bin++;
  return bin;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The ratio study of some outcomes (null for none). */
export function ratioStudy(outcomes: readonly Outcome[]): RatioStudy | null {
  const n = outcomes.length;
  if (n === 0) return null;
  const ratios = outcomes.map((o) => o.estimate / o.actual);
  const errors = outcomes.map((o) => ((o.estimate - o.actual) / o.actual) * 100);
  const mid = median(ratios);
  const cod = (100 * ratios.reduce((s, r) => s + Math.abs(r - mid), 0)) / n / mid;
  const meanRatio = ratios.reduce((s, r) => s + r, 0) / n;
  const weighted = outcomes.reduce((s, o) => s + o.estimate, 0) / outcomes.reduce((s, o) => s + o.actual, 0);
  const share = (test: (e: number) => boolean) => (100 * errors.filter(test).length) / n;
  // A hair of tolerance: 330 against 300 is 10 %, whatever the floating point says.
  const within = (limit: number) => share((e) => Math.abs(e) <= limit + 1e-9);
  const ranged = outcomes.filter((o) => o.low !== undefined && o.high !== undefined);
  return {
    count: n,
    medianRatio: round(mid, 4),
    cod: round(cod, 2),
    prd: round(meanRatio / weighted, 4),
    medianAbsErrorPercent: round(median(errors.map(Math.abs)), 2),
    within5: round(within(5), 1),
    within10: round(within(10), 1),
    within20: round(within(20), 1),
    biasPercent: round(median(errors), 2),
    coveragePercent: ranged.length
      ? round(
          (100 * ranged.filter((o) => o.actual >= (o.low as number) && o.actual <= (o.high as number)).length) / ranged.length,
          1,
        )
      : null,
  };
}

/** The signed errors' counts per ERROR_BINS bin. */
export function errorHistogram(outcomes: readonly Outcome[]): number[] {
  const counts = new Array<number>(ERROR_BINS.length + 1).fill(0);
  for (const o of outcomes) counts[errorBin(((o.estimate - o.actual) / o.actual) * 100)]++;
  return counts;
}
