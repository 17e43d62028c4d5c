import type { RangeBounds } from './conformal';
import type { Outcome, RatioStudy } from './ratio-study';

/** The backtest's rules (docs/accuracy.md) and the shapes of what it reads and what it gives. */

export const BACKTEST_RULES = {
  /** Outcomes of the last this many months are tested. */
  months: 12,
  /** A market with fewer backtested outcomes than this takes the wider of the comps' spread and the all-markets bounds. */
  minMarketOutcomes: 200,
  /** ZIPs with fewer outcomes than this are not published on their own. */
  minZipOutcomes: 20,
  /** Subjects estimated between two calls of `pause` (the server yields to requests there when it has run long enough). */
  chunk: 100,
} as const;

export type EstimateKind = 'value' | 'rent';

/** A closed sale (amount: its price) or lease (amount: its monthly rent). */
export interface ClosedRecord {
  id: string;
  latitude: number;
  longitude: number;
  beds: number | null;
  baths: number | null;
  area: number | null;
  zip: string | null;
  city: string;
  state: string;
  amount: number;
  /** YYYY-MM-DD */
  closeDate: string;
}

export interface BacktestInput {
  sales: readonly ClosedRecord[];
  leases: readonly ClosedRecord[];
}

/** One tested outcome. */
export interface TestedOutcome extends Outcome {
  kind: EstimateKind;
  id: string;
  market: string;
  zip: string | null;
  /** The comps' own spread (log of the lowest and highest adjusted comp against the estimate). */
  compsLower: number;
  compsUpper: number;
  fold: 0 | 1;
}

export interface MarketFigures {
  kind: EstimateKind;
  level: 'all' | 'city' | 'zip';
  city: string;
  state: string;
  zip: string;
  /** Closed in the window (tested) and those with an estimate (enough comps). */
  tested: number;
  study: RatioStudy | null;
  histogram: number[];
  /** The bounds of the ranges shown in this market now (city level), else null. */
  bounds: RangeBounds | null;
  basis: 'market' | 'pooled';
}

export interface BacktestResult {
  /** The newest sale's and lease's dates: the window's ends. */
  salesAsOf: string | null;
  leasesAsOf: string | null;
  figures: MarketFigures[];
  /** Outcomes tested (with an estimate) and closed in the window, per kind. */
  counts: Record<EstimateKind, { tested: number; estimated: number }>;
}
