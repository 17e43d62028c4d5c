import { Type, type Static } from '@sinclair/typebox';
import { Nullable, StringEnum } from './common';
import { MapBounds } from './geo';

/**
 * Market trends (docs/markets.md): per month, per city and ZIP (kept as monthly aggregates) and for a
 * visible area (computed when asked). Every figure comes with the count behind it; a figure whose count
 * is under MIN_TREND_COUNT (src/shared/trends/market-series.ts) is null.
 */

/** `city:austin|TX` or `zip:78701`: a place the listings are in (GET /auth/geocode's kind and key). */
export const MARKET_ID_PATTERN = '^(city:[^|]{1,100}\\|[A-Za-z]{2}|zip:[0-9]{5})$';
export const MarketId = Type.String({ pattern: MARKET_ID_PATTERN, maxLength: 110 });

import { DEFAULT_TREND_MONTHS, MAX_COMPARED_MARKETS, MAX_TREND_MONTHS } from '../trends/trend-limits';

export { DEFAULT_TREND_MONTHS, MAX_COMPARED_MARKETS, MAX_TREND_MONTHS };

export const TrendFigure = Type.Object({
  value: Nullable(Type.Number()),
  /** The listings, sales or leases behind the value. */
  count: Type.Integer(),
});
export type TrendFigure = Static<typeof TrendFigure>;

export const TrendMonth = Type.Object({
  /** YYYY-MM */
  month: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}$' }),
  /** Active listings at the month's end (this month: now): their median list price and $/sq ft. */
  listPrice: TrendFigure,
  listPricePerSqft: TrendFigure,
  /** Closed sales of the month and the two before it: median price, $/sq ft, sale-to-list ratio (percent). */
  soldPrice: TrendFigure,
  soldPricePerSqft: TrendFigure,
  saleToListPercent: TrendFigure,
  /** Closed leases of the month and the two before it: median monthly rent and rent per sq ft. */
  rent: TrendFigure,
  rentPerSqft: TrendFigure,
  /** Listings on the market at the month's end (those that sold since among them, to their close). */
  activeListings: Type.Integer(),
  /** Listings that came on the market in the month. */
  newListings: Type.Integer(),
  /** Median days on the market of the active listings at the month's end. */
  daysOnMarket: TrendFigure,
  /** Percent of the active listings whose price was cut in the month, of those whose price history is known (its count). */
  priceCutPercent: TrendFigure,
  /** Active listings ÷ the sales a month (the three months' sales ÷ 3); its count is the sales. */
  monthsOfSupply: TrendFigure,
  /** 12 × median rent ÷ median sold price, percent; its count is the smaller of the two counts. */
  grossYieldPercent: TrendFigure,
});
export type TrendMonth = Static<typeof TrendMonth>;

export const TrendMarket = Type.Object({
  id: MarketId,
  kind: StringEnum(['city', 'zip'] as const),
  /** "Austin, TX" or "78701 (Austin, TX)". */
  label: Type.String(),
  city: Type.String(),
  state: Type.String(),
  zip: Nullable(Type.String()),
  /** Where the map opens on the market. */
  bounds: MapBounds,
});
export type TrendMarket = Static<typeof TrendMarket>;

/**
 * YYYY-MM: the first month with listings' figures (active listings, list prices, days on market, cuts,
 * new listings): the first month the database held listings; null without listings. Sales and leases
 * have their figures as far back as they go.
 */
const ListingsFrom = Nullable(Type.String({ pattern: '^[0-9]{4}-[0-9]{2}$' }));

export const MarketSeries = Type.Object({
  market: TrendMarket,
  /** Oldest first, one a month up to this month, months without any record included (their figures null). */
  months: Type.Array(TrendMonth),
});
export type MarketSeries = Static<typeof MarketSeries>;

const monthsParam = Type.Integer({
  minimum: 3,
  maximum: MAX_TREND_MONTHS,
  default: DEFAULT_TREND_MONTHS,
  description: 'How many months, ending this month.',
});

/** GET /auth/market-trends?markets=city:austin|TX,zip:78701&months=36 */
export const MarketTrendsQuery = Type.Object({
  markets: Type.String({
    minLength: 1,
    maxLength: 400,
    description: `One to ${MAX_COMPARED_MARKETS} market ids, comma separated: city:austin|TX or zip:78701 (GET /auth/geocode names them).`,
  }),
  months: Type.Optional(monthsParam),
});
export type MarketTrendsQuery = Static<typeof MarketTrendsQuery>;

export const MarketTrendsAnswer = Type.Object({
  series: Type.Array(MarketSeries),
  /** When the aggregates were last brought up to date; null before the first time. */
  refreshedAt: Nullable(Type.String({ format: 'date-time' })),
  listingsFrom: ListingsFrom,
});
export type MarketTrendsAnswer = Static<typeof MarketTrendsAnswer>;

/** GET /auth/market-trends/area?north=&south=&east=&west=&months= : the visible area, computed when asked. */
export const AreaTrendsQuery = Type.Object({
  north: Type.Number({ minimum: -90, maximum: 90 }),
  south: Type.Number({ minimum: -90, maximum: 90 }),
  east: Type.Number({ minimum: -180, maximum: 180 }),
  west: Type.Number({ minimum: -180, maximum: 180 }),
  months: Type.Optional(monthsParam),
});
export type AreaTrendsQuery = Static<typeof AreaTrendsQuery>;

export const AreaTrendsAnswer = Type.Object({ months: Type.Array(TrendMonth), listingsFrom: ListingsFrom });
export type AreaTrendsAnswer = Static<typeof AreaTrendsAnswer>;
