import { Type, type Static } from '@sinclair/typebox';
import { Nullable, StringEnum } from './common';
import { LatLng, MapBounds } from './geo';
import { SEARCH_SORTS, SORT_ORDERS, STRATEGY_KEYS } from '../vocabulary';

/** GET /searchProperties: its query and its four answers (docs/map-search.md). */

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
