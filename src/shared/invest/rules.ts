/**
 * The 70 % rule of flipping: pay at most 70 % of the after-repair value minus the repairs.
 * $400,000 ARV with $60,000 of repairs → $220,000.
 */
export function maxAllowableOffer(arv: number, repairs: number, ruleFraction = 0.7): number {
  return Math.max(0, arv * ruleFraction - repairs);
}

/**
 * The rate at which `cashFlowAt(rate)` reaches zero, found by bisection between 0 % and 30 %.
 * `cashFlowAt` must fall as the rate rises (monthly cash flow after debt service does).
 * Returns null when cash flow is negative even at 0 %, and 30 when it is positive even at 30 %.
 */
export function breakEvenRate(cashFlowAt: (annualRatePercent: number) => number, maxRate = 30): number | null {
  if (cashFlowAt(0) < 0) return null;
  if (cashFlowAt(maxRate) >= 0) return maxRate;
  let low = 0;
  let high = maxRate;
  // 1e-7 percentage points is far below display precision (2 decimals) and takes ~28 steps.
  while (high - low > 1e-7) {
    const mid = (low + high) / 2;
    if (cashFlowAt(mid) >= 0) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

export interface AnalysisOptions {
  /**
   * Solve for the break-even interest rate (a bisection: most of a calculator's cost). Bulk
   * recomputation of stored results turns it off; the property page computes it live.
   */
  breakEvenRate?: boolean;
}
