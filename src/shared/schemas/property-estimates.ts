import { Type, type Static } from '@sinclair/typebox';
import { DateOnly, Id, Nullable, StringEnum } from './common';

/** A listing's value and rent estimates, each with the range shown beside it (docs/accuracy.md). */

/** Where a range's bounds came from (docs/accuracy.md, "Ranges"). */
export const RANGE_BASES = ['market', 'pooled'] as const;
export type RangeBasis = (typeof RANGE_BASES)[number];

/**
 * The range shown with an estimate: the bounds that held `coverage` percent of the actual outcomes
 * in the backtest of the listing's market (split-conformal), or, where the market had too few
 * (basis `pooled`), the wider of the comps' own spread and the all-markets bounds.
 */
export const EstimateRange = Type.Object({
  low: Type.Number(),
  high: Type.Number(),
  coverage: Type.Number({ description: 'The share of outcomes the range promises to hold, percent (80).' }),
  basis: StringEnum(RANGE_BASES),
  /** The backtested outcomes the bounds came from (the market's, or every market's for `pooled`). */
  calibrationCount: Type.Integer({ minimum: 0 }),
  /** The market (city and state) whose accuracy the range comes from. */
  city: Type.String(),
  state: Type.String(),
});
export type EstimateRange = Static<typeof EstimateRange>;

/** One comp of the value estimate, adjusted to the listing: its row of the sales comparison grid. */
export const ValueComp = Type.Object({
  _id: Id,
  soldPrice: Type.Number(),
  closeDate: DateOnly,
  distanceMiles: Type.Number(),
  time: Type.Number({
    description: "Factor for the time of sale: the market's monthly price index from then to the estimate's month.",
  }),
  area: Type.Number({ description: "Factor for the living area: (listing's area ÷ comp's)^elasticity." }),
  rooms: Type.Number({ description: 'Factor for the bedrooms and bathrooms.' }),
  location: Type.Number({ description: "Factor for the location: the listing's ZIP level against the comp's." }),
  adjustedPrice: Type.Number(),
  weight: Type.Number({ description: "The comp's share of the weighted median (all add up to 1)." }),
});
export type ValueComp = Static<typeof ValueComp>;

/** The market model's figures an estimate used (src/shared/valuation/market-model.ts). */
export const ModelSummary = Type.Object({
  month: Type.String({ description: 'The index month prices were brought to (YYYY-MM).' }),
  observations: Type.Integer(),
  areaElasticity: Type.Number(),
  bedsEffect: Type.Number({ description: 'Per bedroom, as a share of the price.' }),
  bathsEffect: Type.Number({ description: 'Per bathroom, as a share of the price.' }),
});
export type ModelSummary = Static<typeof ModelSummary>;

/**
 * A listing's as-is market value from its sold comps, each adjusted to it (time, area, rooms,
 * location), their distance-weighted median (docs/accuracy.md). `value` is null with too few comps
 * (`compCount` of them; 3 needed): never a made-up figure.
 */
export const ValueEstimate = Type.Object({
  value: Nullable(Type.Number({ description: 'Rounded to $1,000.' })),
  compCount: Type.Integer({ minimum: 0 }),
  farthestMiles: Nullable(Type.Number()),
  oldestMonths: Nullable(Type.Integer({ description: 'Whole months since the oldest comp sold (at least 1).' })),
  listGapPercent: Nullable(
    Type.Number({
      description: 'The list price against the estimate, percent to one decimal: below 0 it is below the estimate.',
    }),
  ),
  compsLow: Nullable(Type.Number({ description: "The lowest adjusted comp price (the comps' own spread)." })),
  compsHigh: Nullable(Type.Number({ description: 'The highest adjusted comp price.' })),
  comps: Type.Array(ValueComp),
  model: Nullable(ModelSummary),
  /** The 80 % range (GET /property/:id); null until the market's accuracy is first measured, or without a value. */
  range: Type.Optional(Nullable(EstimateRange)),
});
export type ValueEstimate = Static<typeof ValueEstimate>;

/** Where the engine's monthly rent came from (docs/investment-math.md, "Rent from lease comps"). */
export const RENT_SOURCES = ['feed', 'leases', 'cityMedian', 'price'] as const;
export type RentSource = (typeof RENT_SOURCES)[number];

/**
 * The lease comps' estimate of a listing's monthly rent and how much to trust it, in the deal
 * confidence's terms (how many, how far apart, how recent) plus how far away; and where the rent the
 * engine used came from: the feed's EstimatedMonthlyRent (kept; the estimate is shown beside it), the
 * estimate, the city's median rent per square foot of leases times the area (too few leases), or
 * 0.75 % of the price (no leases in the city either).
 */
export const RentEstimate = Type.Object({
  source: StringEnum(RENT_SOURCES),
  monthlyRent: Nullable(
    Type.Number({
      description:
        "The leases' distance-weighted median rent, each adjusted to the listing by the market's rent model; null with too few leases.",
    }),
  ),
  low: Nullable(Type.Number({ description: "The lease comps' spread: 25th percentile of the adjusted rents." })),
  high: Nullable(Type.Number({ description: "The lease comps' spread: 75th percentile of the adjusted rents." })),
  leaseCount: Type.Integer({ minimum: 0 }),
  spreadPercent: Nullable(Type.Number({ description: '(max − min) / median of the scaled rents, in percent.' })),
  farthestMiles: Nullable(Type.Number({ description: 'The farthest lease used, in miles.' })),
  oldestMonths: Nullable(Type.Integer({ description: 'Whole months since the oldest lease used closed (at least 1).' })),
  newestLeaseDays: Nullable(Type.Integer({ description: 'Days since the newest lease used closed.' })),
  searchedMiles: Type.Number({ description: 'The widest radius searched for leases.' }),
  compsLow: Type.Optional(Nullable(Type.Number({ description: 'The lowest adjusted rent of the lease comps.' }))),
  compsHigh: Type.Optional(Nullable(Type.Number({ description: 'The highest adjusted rent of the lease comps.' }))),
  /** The 80 % range of the lease comps' estimate (GET /property/:id); null until the market's accuracy is measured, or without an estimate. */
  range: Type.Optional(Nullable(EstimateRange)),
});
export type RentEstimate = Static<typeof RentEstimate>;
