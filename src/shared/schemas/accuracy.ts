import { Type, type Static } from '@sinclair/typebox';
import { DateOnly, DateTime, Nullable, StringEnum } from './common';
import { RANGE_BASES } from './property-estimates';

/**
 * How close Dealmap's estimates came to what really sold and rented (issue 37; docs/accuracy.md):
 * the backtest's figures as the public Accuracy page, the "How accurate?" dialog and the admin's
 * Accuracy section read them. Aggregates only: no listing, address or price of anyone's property.
 */

export const ESTIMATE_KINDS = ['value', 'rent'] as const;
export type EstimateKind = (typeof ESTIMATE_KINDS)[number];

/** The bounds of the 80 % ranges shown with a market's estimates, as percentages of the estimate. */
export const RangeBoundsFigures = Type.Object({
  lowerPercent: Type.Number({ description: 'The range starts this many percent from the estimate (below 0).' }),
  upperPercent: Type.Number({ description: 'The range ends this many percent from the estimate.' }),
  /** The backtested outcomes they came from. */
  count: Type.Integer(),
  basis: StringEnum(RANGE_BASES),
});
export type RangeBoundsFigures = Static<typeof RangeBoundsFigures>;

/** One kind of estimate's accuracy in one place (all markets, a market, a ZIP) over the last 12 months. */
export const AccuracyFigures = Type.Object({
  /** Sales (leases) that closed in the window, and those an estimate was made for (enough comps). */
  tested: Type.Integer(),
  count: Type.Integer(),
  medianRatio: Nullable(Type.Number({ description: 'Median of estimate ÷ actual (IAAO: 0.90–1.10).' })),
  cod: Nullable(Type.Number({ description: 'Coefficient of dispersion, percent (IAAO: at most 15 for single-family homes).' })),
  prd: Nullable(Type.Number({ description: 'Price-related differential (IAAO: 0.98–1.03).' })),
  medianAbsErrorPercent: Nullable(Type.Number()),
  within5: Nullable(Type.Number({ description: 'Percent of estimates within 5 % of the actual.' })),
  within10: Nullable(Type.Number()),
  within20: Nullable(Type.Number()),
  biasPercent: Nullable(Type.Number({ description: 'Median signed error, percent: above 0 the estimates run high.' })),
  coveragePercent: Nullable(
    Type.Number({ description: 'Percent of actuals inside the 80 % range shown (measured out of sample).' }),
  ),
  range: Nullable(RangeBoundsFigures),
});
export type AccuracyFigures = Static<typeof AccuracyFigures>;

/** The run whose figures these are. */
export const AccuracyRunInfo = Type.Object({
  finishedAt: DateTime,
  salesAsOf: Nullable(DateOnly),
  leasesAsOf: Nullable(DateOnly),
});
export type AccuracyRunInfo = Static<typeof AccuracyRunInfo>;

export const MarketAccuracySummary = Type.Object({
  city: Type.String(),
  state: Type.String(),
  value: Nullable(AccuracyFigures),
  rent: Nullable(AccuracyFigures),
});
export type MarketAccuracySummary = Static<typeof MarketAccuracySummary>;

/** GET /accuracy: every market, and all of them together; null run before the first backtest. */
export const AccuracyOverview = Type.Object({
  run: Nullable(AccuracyRunInfo),
  all: Type.Object({ value: Nullable(AccuracyFigures), rent: Nullable(AccuracyFigures) }),
  markets: Type.Array(MarketAccuracySummary),
});
export type AccuracyOverview = Static<typeof AccuracyOverview>;

/** One ZIP's figures. */
export const ZipAccuracy = Type.Composite([Type.Object({ zip: Type.String() }), AccuracyFigures]);
export type ZipAccuracy = Static<typeof ZipAccuracy>;

/** A market's figures of one kind in full: the errors' histogram (bins of ERROR_BINS) and the ZIPs with enough outcomes. */
export const MarketKindAccuracy = Type.Object({
  figures: AccuracyFigures,
  histogram: Type.Array(Type.Integer(), {
    description: 'Counts of signed errors: below −30 %, 5-point bins from −30 % to 30 %, above 30 %.',
  }),
  zips: Type.Array(ZipAccuracy),
});
export type MarketKindAccuracy = Static<typeof MarketKindAccuracy>;

/** GET /accuracy/markets/:state/:city. */
export const MarketAccuracy = Type.Object({
  run: AccuracyRunInfo,
  city: Type.String(),
  state: Type.String(),
  value: Nullable(MarketKindAccuracy),
  rent: Nullable(MarketKindAccuracy),
  /** ZIPs with fewer outcomes than this are not shown on their own. */
  minZipOutcomes: Type.Integer(),
});
export type MarketAccuracy = Static<typeof MarketAccuracy>;

export const MarketAccuracyParams = Type.Object({
  state: Type.String({ minLength: 2, maxLength: 2, pattern: '^[A-Za-z]{2}$' }),
  city: Type.String({ minLength: 1, maxLength: 100 }),
});

/** What started a backtest: the nightly schedule, new closed sales or leases, the server's start, an admin's "Run now". */
export const ACCURACY_TRIGGERS = ['schedule', 'data', 'start', 'admin'] as const;
export type AccuracyTrigger = (typeof ACCURACY_TRIGGERS)[number];

export const ACCURACY_RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;

export const AccuracyRun = Type.Object({
  id: Type.Integer(),
  trigger: StringEnum(ACCURACY_TRIGGERS),
  status: StringEnum(ACCURACY_RUN_STATUSES),
  startedAt: DateTime,
  finishedAt: Nullable(DateTime),
  durationMs: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  salesTested: Nullable(Type.Integer()),
  salesEstimated: Nullable(Type.Integer()),
  leasesTested: Nullable(Type.Integer()),
  leasesEstimated: Nullable(Type.Integer()),
});
export type AccuracyRun = Static<typeof AccuracyRun>;

/** never: no backtest yet; idle; running (on any server); failing: the last run failed. */
export const ACCURACY_STATES = ['never', 'idle', 'running', 'failing'] as const;

/** GET /admin/accuracy. */
export const AccuracyStatus = Type.Object({
  state: StringEnum(ACCURACY_STATES),
  lastSuccess: Nullable(AccuracyRun),
  /** The next nightly run (ACCURACY_HOUR, the server's time zone). */
  nextScheduledAt: DateTime,
  runs: Type.Array(AccuracyRun, { description: 'The last 10, newest first.' }),
});
export type AccuracyStatus = Static<typeof AccuracyStatus>;

export const AccuracyRunAnswer = Type.Object({ started: Type.Boolean(), status: AccuracyStatus });
export type AccuracyRunAnswer = Static<typeof AccuracyRunAnswer>;
