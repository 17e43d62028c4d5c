/**
 * Ranges that hold what they promise (docs/accuracy.md, "Ranges"): split-conformal prediction
 * intervals from a backtest's errors. A range of coverage c around an estimate is
 * [estimate × e^lower, estimate × e^upper], where lower and upper are the (1 − c)/2 and (1 + c)/2
 * quantiles of the calibration outcomes' log(actual ÷ estimate), taken at the ranks a finite sample
 * needs for the promise (⌊(n + 1)·(1 − c)/2⌋-th smallest and ⌈(n + 1)·(1 + c)/2⌉-th: Vovk, Gammerman
 * and Shafer, "Algorithmic Learning in a Random World", 2005; Lei et al., "Distribution-Free
 * Predictive Inference for Regression", JASA 2018): for outcomes exchangeable with the calibration
 * ones, each bound is crossed at most (1 − c)/2 of the time.
 */

/** The coverage every range promises. */
export const RANGE_COVERAGE = 0.8;

/** Log bounds: a range is [estimate × e^lower, estimate × e^upper]. */
export interface RangeBounds {
  lower: number;
  upper: number;
  /** The calibration outcomes they came from. */
  count: number;
}

/** The conformal bounds of some log errors (log(actual ÷ estimate)); null when too few for the coverage asked. */
export function conformalBounds(logErrors: readonly number[], coverage: number = RANGE_COVERAGE): RangeBounds | null {
  const n = logErrors.length;
  const tail = (1 - coverage) / 2;
  // A hair of tolerance: (1 − 0.8) / 2 is 0.09999999999999998 in floating point.
  const lowRank = Math.floor((n + 1) * tail + 1e-9);
  const highRank = Math.ceil((n + 1) * (1 - tail) - 1e-9);
  if (lowRank < 1 || highRank > n) return null;
  const sorted = Float64Array.from(logErrors).sort();
  return { lower: sorted[lowRank - 1], upper: sorted[highRank - 1], count: n };
}

/** The range of an estimate under some bounds. */
export const rangeOf = (estimate: number, bounds: Pick<RangeBounds, 'lower' | 'upper'>) => ({
  low: estimate * Math.exp(bounds.lower),
  high: estimate * Math.exp(bounds.upper),
});

/** The wider of two bounds on each side. */
export const widerBounds = (
  a: Pick<RangeBounds, 'lower' | 'upper'>,
  b: Pick<RangeBounds, 'lower' | 'upper'>,
): { lower: number; upper: number } => ({ lower: Math.min(a.lower, b.lower), upper: Math.max(a.upper, b.upper) });
