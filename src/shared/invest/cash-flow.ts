/**
 * Discounted cash flows. Flow 0 happens now; flow t at the end of period t.
 */
export function npv(rate: number, cashFlows: readonly number[]): number {
  let total = 0;
  for (let t = 0; t < cashFlows.length; t++) total += cashFlows[t] / Math.pow(1 + rate, t);
  return total;
}

/**
 * Internal rate of return per period: the rate at which npv is 0. Returns null when the flows
 * never change sign (no rate exists). Newton's method from 10 %, falling back to bisection on
 * (−99.99 %, 1,000,000 %) so that it always converges when a root exists in that range.
 */
export function irr(cashFlows: readonly number[]): number | null {
  const hasPositive = cashFlows.some((f) => f > 0);
  const hasNegative = cashFlows.some((f) => f < 0);
  if (!hasPositive || !hasNegative) return null;

  const derivative = (rate: number) => {
    let d = 0;
    for (let t = 1; t < cashFlows.length; t++) d -= (t * cashFlows[t]) / Math.pow(1 + rate, t + 1);
    return d;
  };
  let rate = 0.1;
  for (let i = 0; i < 50; i++) {
    const value = npv(rate, cashFlows);
    if (Math.abs(value) < 1e-9) return rate;
    const slope = derivative(rate);
    if (slope === 0 || !Number.isFinite(slope)) break;
    const next = rate - value / slope;
    if (!Number.isFinite(next) || next <= -1) break;
    if (Math.abs(next - rate) < 1e-12) return next;
    rate = next;
  }

  let low = -0.9999;
  let high = 10_000;
  let fLow = npv(low, cashFlows);
  // Over many periods (a portfolio's months) (1 + low)^t overflows: raise the bound until it is finite.
  while (!Number.isFinite(fLow) && low < -0.01) {
    low /= 2;
    fLow = npv(low, cashFlows);
  }
  if (!Number.isFinite(fLow) || fLow * npv(high, cashFlows) > 0) return null;
  for (let i = 0; i < 300; i++) {
    const mid = (low + high) / 2;
    const fMid = npv(mid, cashFlows);
    if (Math.abs(fMid) < 1e-9 || high - low < 1e-12) return mid;
    if (fLow * fMid < 0) high = mid;
    else {
      low = mid;
      fLow = fMid;
    }
  }
  return (low + high) / 2;
}

/** A periodic return compounded to a yearly one: (1 + r)^(periodsPerYear) − 1. */
export const annualize = (periodReturn: number, periodsPerYear: number): number => Math.pow(1 + periodReturn, periodsPerYear) - 1;
