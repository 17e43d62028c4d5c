import { formatCurrency } from '../format';
import type { EstimateRange, RangeBasis } from '../schemas/property-estimates';
import { RANGE_COVERAGE, widerBounds } from './conformal';

/**
 * The range shown with an estimate (docs/accuracy.md, "Ranges"): its market's bounds from the latest
 * backtest, or, where the market had too few backtested outcomes (basis `pooled`), the wider of the
 * comps' own spread and every market's bounds — what the backtest measured each outcome's range by.
 */

/**
 * A range is rounded outwards to this many dollars (so an actual at a bound is inside what is shown):
 * fine enough that the rounding adds little to the coverage it promises ($5 on a $1,500 rent is 0.3 %).
 */
export const RANGE_ROUND_TO = { value: 1000, rent: 5 } as const;

/** What the latest backtest says of a market's ranges for one kind of estimate. */
export interface MarketCalibration {
  /** Log bounds: the range is [estimate × e^lower, estimate × e^upper]. */
  lower: number;
  upper: number;
  /** The backtested outcomes the bounds came from. */
  count: number;
  basis: RangeBasis;
  /** The market's name (its city and state), as the accuracy pages show it. */
  city: string;
  state: string;
}

/** The range of an estimate, rounded outwards to `step` dollars; null without an estimate or a calibration. */
export function estimateRange(
  estimate: number | null,
  comps: { low: number | null; high: number | null },
  calibration: MarketCalibration | null,
  step: number,
): EstimateRange | null {
  if (estimate === null || estimate <= 0 || !calibration) return null;
  let bounds: { lower: number; upper: number } = calibration;
  if (calibration.basis === 'pooled' && comps.low !== null && comps.high !== null && comps.low > 0 && comps.high > 0) {
    bounds = widerBounds(calibration, { lower: Math.log(comps.low / estimate), upper: Math.log(comps.high / estimate) });
  }
  return {
    low: Math.floor((estimate * Math.exp(bounds.lower)) / step) * step,
    high: Math.ceil((estimate * Math.exp(bounds.upper)) / step) * step,
    coverage: Math.round(RANGE_COVERAGE * 100),
    basis: calibration.basis,
    calibrationCount: calibration.count,
    city: calibration.city,
    state: calibration.state,
  };
}

/** "80 % range $351,000–$394,000" ("…/mo" with a unit). */
export const rangeText = (range: Pick<EstimateRange, 'low' | 'high' | 'coverage'>, unit = ''): string =>
  `${range.coverage} % range ${formatCurrency(range.low)}${unit}–${formatCurrency(range.high)}${unit}`;
