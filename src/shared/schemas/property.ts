import { Type, type Static } from '@sinclair/typebox';
import { AssumptionOverrides } from './assumptions';
import { DateOnly, DateTime, Id, Nullable, StringEnum } from './common';
import { LatLng, MapBounds } from './geo';
import { EmbeddedResults } from './results';
import { SEARCH_SORTS, SORT_ORDERS, STRATEGY_KEYS } from '../vocabulary';

/** A listed property and its sold comps, with the spec's field names (from the listing feed). */

export const MarkerColor = Type.Object({ background: Type.String(), borderColor: Type.String(), glyphColor: Type.String() });
export type MarkerColor = Static<typeof MarkerColor>;

/** How much to trust the deal status: how many comps, how far apart their prices, how recent the newest sale. */
export const DealConfidence = Type.Object({
  compCount: Type.Integer(),
  spreadPercent: Nullable(
    Type.Number({ description: "(max − min) / median of the comps' sold prices, in percent; null without comps." }),
  ),
  newestSaleDays: Nullable(
    Type.Integer({ description: 'Days from the newest comp sale to the reference date; null without comps.' }),
  ),
});
export type DealConfidence = Static<typeof DealConfidence>;

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

/** A GeoJSON point: [lng, lat]. */
export const GeoPoint = Type.Object({
  type: Type.Literal('Point'),
  coordinates: Type.Tuple([Type.Number(), Type.Number()]),
});

const NullableInt = () => Nullable(Type.Integer());
const NullableText = () => Nullable(Type.String());

/** The address and room fields a listing and a comp share. */
const ListingFacts = {
  BedroomsTotal: NullableInt(),
  BathroomsTotal: NullableInt(),
  BathroomsFull: NullableInt(),
  BathroomsHalf: NullableInt(),
  BathroomsThreeQuarter: NullableInt(),
  BuildingAreaTotal: NullableInt(),
  PropertyAddressFull: NullableText(),
  PropertyAddressCity: NullableText(),
  PropertyAddressState: NullableText(),
  PropertyAddressZIP: NullableText(),
  location: GeoPoint,
};

/** A list price change an import saw. */
export const PriceChange = Type.Object({
  oldPrice: Type.Number(),
  newPrice: Type.Number(),
  changedAt: DateTime,
});
export type PriceChange = Static<typeof PriceChange>;

/** A listed property as GET /property/:id sends it: the spec's property fields and what the property page adds. */
/** A listing gone off the market (issue 30; docs/listings.md, "Off market"). */
export const OffMarket = Type.Object({
  since: DateTime,
  status: Type.String(),
});
export type OffMarket = Static<typeof OffMarket>;

export const Property = Type.Composite([
  Type.Object({
    _id: Id,
    LatestListingPrice: Type.Number(),
    PublicListingRemarks: NullableText(),
    ...ListingFacts,
    markerColor: MarkerColor,
    compIDs: Type.Array(Id),
  }),
  EmbeddedResults,
  Type.Object({
    /** Good Deal, Overpriced or Market Price. */
    dealStatus: Type.String(),
    confidence: Nullable(DealConfidence),
    monthlyRent: Nullable(
      Type.Number({
        description:
          "The engine's input: the feed's estimate, the lease comps' or the documented fallback (rentEstimate.source).",
      }),
    ),
    /** The lease comps' estimate and the rent's source; null until the listing is first computed. */
    rentEstimate: Nullable(RentEstimate),
    /** The value estimate from the sold comps; null until the listing is first computed. */
    valueEstimate: Nullable(ValueEstimate),
    /** The leases the estimate used, nearest first (GET /property/lease-comps). */
    leaseCompIds: Type.Array(Id),
    rehabEstimate: Nullable(Type.Number()),
    arvEstimate: Nullable(Type.Number()),
    nightlyRate: Nullable(Type.Number({ description: 'Peak-season nightly rate.' })),
    updatedAt: DateTime,
    /** When it came on the market (RESO OnMarketDate); null when the feed gave no date. */
    OnMarketDate: Nullable(DateOnly),
    DaysOnMarket: Nullable(Type.Integer({ description: 'Days since OnMarketDate.' })),
    /** RESO OriginalListPrice; null when the feed gave none (the list price is then the original). */
    OriginalListPrice: Nullable(Type.Number()),
    PriceCutPercent: Type.Number({ description: 'The cut from OriginalListPrice, percent to one decimal; 0 for none.' }),
    PriceChangedAt: Nullable(DateTime),
    PriceChangeDays: Nullable(Type.Integer({ description: 'Days since the last list price change; null for none.' })),
    /** Each list price change an import saw, oldest first (GET /property/:id only; [] elsewhere). */
    priceHistory: Type.Array(PriceChange),
    /** GET /property/:id only: its market's overrides of the default assumptions, or null. */
    marketAssumptions: Type.Optional(Nullable(AssumptionOverrides)),
    /**
     * GET /property/:id only: null while listed; when the listing left the MLS feed, since when and
     * why (the feed's StandardStatus, e.g. "Withdrawn", or "Not in feed"): it is then on no map,
     * search or alert, and its page says "Off market (Withdrawn) since Nov 27, 2026".
     */
    offMarket: Type.Optional(Nullable(OffMarket)),
  }),
]);
export type Property = Static<typeof Property>;

/**
 * One strategy's cash-on-cash ROI in a search summary: a percentage; "Infinity" when no cash goes in
 * and the property pays; null when there is no figure (no cash in and no return) or no results (the
 * row's strategies-with-results bits tell which).
 */
const summaryCashOnCash = (title?: string) =>
  Type.Union([Type.Number(), Type.Literal('Infinity'), Type.Null()], title ? { title } : {});
export const SummaryCashOnCash = summaryCashOnCash();
export type SummaryCashOnCash = Static<typeof SummaryCashOnCash>;

/** The bit of each strategy in a summary row's strategies-with-results (Buy & Hold 1, BRRRR 2, Fix'N'Flip 4, Short-term 8). */
export const RESULTS_BITS = { buyHold: 1, brrrr: 2, fixFlip: 4, shortTerm: 8 } as const;

/**
 * A listed property as GET /searchProperties sends it (`type=bounds` and `type=top`): a row of what
 * the marker, the list row, the sort and the filters use, in this order (docs/decisions.md, "Lean
 * search answers"). The whole property (results, comp ids, remarks) is GET /property/:id's.
 * Positional, so a page pays for its values and not 20 key names a property; each item's `title` is
 * the spec's field it carries, and src/shared/search-summary.ts turns a row into those fields.
 */
export const PropertySummaryRow = Type.Tuple([
  Type.String({ format: 'uuid', title: '_id' }),
  Type.Number({ title: 'location.coordinates[0]', description: 'Longitude.' }),
  Type.Number({ title: 'location.coordinates[1]', description: 'Latitude.' }),
  Type.Number({ title: 'LatestListingPrice' }),
  Nullable(Type.Integer({ title: 'BedroomsTotal' })),
  Nullable(Type.Integer({ title: 'BathroomsTotal' })),
  Nullable(Type.Integer({ title: 'BuildingAreaTotal' })),
  Nullable(Type.String({ title: 'PropertyAddressFull' })),
  Nullable(Type.String({ title: 'PropertyAddressCity' })),
  Nullable(Type.String({ title: 'PropertyAddressState' })),
  Nullable(Type.String({ title: 'PropertyAddressZIP' })),
  Type.String({ title: 'markerColor.background', description: 'The deal status colour; the border and glyph follow from it.' }),
  summaryCashOnCash('cashOnCash.buyHold'),
  summaryCashOnCash('cashOnCash.brrrr'),
  summaryCashOnCash('cashOnCash.fixFlip'),
  summaryCashOnCash('cashOnCash.shortTerm'),
  Type.Integer({
    title: 'strategies with results',
    minimum: 0,
    maximum: 15,
    description:
      "Bits of the strategies the property has results for (RESULTS_BITS): without its bit a strategy's cash-on-cash is null for want of results, and the popup has no tab for it.",
  }),
  // A union, not Nullable: a Value.Check of the row (tests) reads these nulls, which the demo data has.
  Type.Union([Type.Integer(), Type.Null()], {
    title: 'DaysOnMarket',
    description: 'Days since it came on the market; null when unknown.',
  }),
  Type.Number({
    title: 'PriceCutPercent',
    description: 'The cut from the original list price, percent to one decimal; 0 for none.',
  }),
  Type.Union([Type.Integer(), Type.Null()], {
    title: 'PriceChangeDays',
    description: 'Days since the last list price change; null for none.',
  }),
  Type.Union([Type.Number(), Type.Null()], {
    title: 'valueEstimate.listGapPercent',
    description:
      'The list price against the estimated value, percent to one decimal (below 0: below it); null without an estimate.',
  }),
  Type.Integer({ title: 'zIndex', description: "The property's place in the whole answer's order." }),
]);
export type PropertySummaryRow = Static<typeof PropertySummaryRow>;

/** A sold comparable (GET /property/comps). */
export const Comp = Type.Object({
  _id: Id,
  MLSSoldPrice: Type.Number(),
  LatestListingPrice: Nullable(Type.Number()),
  closeDate: DateOnly,
  ...ListingFacts,
});
export type Comp = Static<typeof Comp>;

/** A closed lease (GET /property/lease-comps): RESO ClosePrice of a ResidentialLease is its monthly rent. */
export const LeaseComp = Type.Object({
  _id: Id,
  monthlyRent: Type.Number(),
  closeDate: DateOnly,
  ...ListingFacts,
});
export type LeaseComp = Static<typeof LeaseComp>;

/** GET /property/comps?ids=a,b,c (the property's compIDs); GET /property/lease-comps?ids= (its leaseCompIds). */
export const CompsQuery = Type.Object({ ids: Type.String({ maxLength: 50 * 40 }) });
export const PropertyParams = Type.Object({ id: Type.String() });

/**
 * What GET /searchProperties answers: `bounds`, pages of properties; `clusters`, one answer of grid
 * cells; `top`, the best properties of the view by a sort, in one answer (the list beside clusters);
 * `returns`, the median cash-on-cash of a strategy per cell of the clusters' grid (the heat map).
 */
export const SEARCH_TYPES = ['bounds', 'clusters', 'top', 'returns'] as const;

/** The most properties `type=top` answers (and its default). */
export const TOP_LIMIT = 50;

const FilterParam = (description: string) => Type.Optional(Type.String({ maxLength: 100, description }));

/** The optional filters (src/shared/search-filters.ts); absent, the search is the spec's. Empty values count as absent. */
const SearchFilterQuery = {
  minPrice: FilterParam('Lowest list price, whole dollars.'),
  maxPrice: FilterParam('Highest list price, whole dollars.'),
  minBeds: FilterParam('Fewest bedrooms.'),
  minBaths: FilterParam('Fewest bathrooms (full + half + three-quarter).'),
  deal: FilterParam('Deal statuses kept, comma-separated: good, market, over.'),
  strategy: FilterParam(
    'The strategy of minCoc, of sort=coc and of type=returns (default buyHold there): buyHold, brrrr, fixFlip or shortTerm.',
  ),
  minCoc: FilterParam('Lowest cash-on-cash ROI of the strategy, percent; an infinite return passes.'),
  minDays: FilterParam('Fewest days on market.'),
  maxDays: FilterParam('Most days on market.'),
  cut: FilterParam('A price cut from the original list price: "any", or the least cut in whole percent.'),
};

/**
 * GET /searchProperties: `type` (bounds, clusters, top or returns), the map `zoom`, `bounds` as JSON
 * {ne:{lat,lng}, sw:{lat,lng}} and, for `type=bounds`, the paging token of the previous page (`next`,
 * or `lastValue`), absent on the first page. `zoom` is required for clusters and returns (it sets the grid).
 * The optional filters narrow every type alike; `sort`/`order` rank `type=top`.
 */
export const SearchPropertiesQuery = Type.Object({
  type: StringEnum(SEARCH_TYPES),
  bounds: Type.String({ minLength: 1, maxLength: 1000 }),
  zoom: Type.Optional(Type.Number({ minimum: 0, maximum: 22 })),
  lastValue: Type.Optional(Type.String({ maxLength: 500 })),
  next: Type.Optional(Type.String({ maxLength: 500 })),
  limit: Type.Optional(Type.Integer({ minimum: 1 })),
  ...SearchFilterQuery,
  sort: Type.Optional(StringEnum(SEARCH_SORTS, { description: 'type=top: what ranks the properties (default price).' })),
  order: Type.Optional(StringEnum(SORT_ORDERS, { description: 'type=top: asc (default) or desc.' })),
});
export type SearchPropertiesQuery = Static<typeof SearchPropertiesQuery>;

/** One page of the bounds search (summary rows), sorted by longitude; `next` is the token of the next page, or 'done'. */
export const SearchPropertiesPage = Type.Object({
  properties: Type.Array(PropertySummaryRow),
  next: Type.String(),
});
export type SearchPropertiesPage = Static<typeof SearchPropertiesPage>;

/** One grid cell of `type=clusters`: the properties of the view that fall in it, summarised. */
export const PropertyCluster = Type.Object({
  /** The cell: "zoom/x/y" on the grid of that zoom. */
  key: Type.String(),
  count: Type.Integer({ minimum: 1 }),
  /** The mean position of the cell's properties (where the cluster is drawn). */
  center: LatLng,
  /** The smallest box around the cell's properties (a click zooms the map to it). */
  bounds: MapBounds,
  /** The deal mix: how many are Good Deal, Market Price and Overpriced. */
  good: Type.Integer(),
  market: Type.Integer(),
  over: Type.Integer(),
  minPrice: Type.Number(),
  maxPrice: Type.Number(),
});
export type PropertyCluster = Static<typeof PropertyCluster>;

/** The `type=clusters` answer: every non-empty cell of the view, and how many properties they hold. */
export const SearchClustersAnswer = Type.Object({
  clusters: Type.Array(PropertyCluster),
  total: Type.Integer(),
  zoom: Type.Integer({ description: 'The grid zoom the cells are on (the request zoom, rounded down).' }),
});
export type SearchClustersAnswer = Static<typeof SearchClustersAnswer>;

/** The `type=top` answer: the first `limit` properties of the view by the sort, and how many match in all. */
export const SearchTopAnswer = Type.Object({
  properties: Type.Array(PropertySummaryRow),
  total: Type.Integer(),
});
export type SearchTopAnswer = Static<typeof SearchTopAnswer>;

/**
 * A cash-on-cash figure of the heat map, percent: "Infinity" when no cash goes in and the property
 * pays (it orders above every finite figure, so a median or a percentile may be it).
 */
export const ReturnFigure = Type.Union([Type.Number(), Type.Literal('Infinity')]);
export type ReturnFigure = Static<typeof ReturnFigure>;

/** One grid cell of `type=returns`: the cash-on-cash of the strategy over the cell's matching properties. */
export const ReturnsCell = Type.Object({
  /** The cell: "zoom/x/y" on the grid of that zoom (the same cells as `type=clusters`). */
  key: Type.String(),
  /** The grid cell's box (not its properties' extent): what the heat map colours. */
  bounds: MapBounds,
  /** Properties with a cash-on-cash figure for the strategy (those without one are left out). */
  count: Type.Integer({ minimum: 1 }),
  median: ReturnFigure,
  /** The 10th and 90th percentiles: the range of the cell's middle 80 %. */
  low: ReturnFigure,
  high: ReturnFigure,
  /**
   * "Austin, TX": of the listings' cities that reach into the cell, the one whose listings' mean
   * position is nearest the cell's centre (null when none does).
   */
  place: Nullable(Type.String()),
});
export type ReturnsCell = Static<typeof ReturnsCell>;

/** The `type=returns` answer: every cell of the view with a figure, the strategy and how many properties count. */
export const SearchReturnsAnswer = Type.Object({
  cells: Type.Array(ReturnsCell),
  strategy: StringEnum(STRATEGY_KEYS),
  total: Type.Integer(),
  zoom: Type.Integer({ description: 'The grid zoom the cells are on (the request zoom, rounded down).' }),
});
export type SearchReturnsAnswer = Static<typeof SearchReturnsAnswer>;
