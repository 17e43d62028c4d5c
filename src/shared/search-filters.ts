/**
 * The search's filters: one definition for the server (SQL conditions on the bounds pages, the
 * clusters and the top of the view), the client (markers of known properties, the list) and the
 * URL. Every filter is optional; none set is the spec's plain bounds search.
 */
import { dealStatusFromMarker } from './deal-status';
import type { CashOnCashFigure } from './search-summary';
import { DEAL_STATUSES, STRATEGY_KEYS, type DealStatus, type SearchSort, type SortOrder, type StrategyKey } from './vocabulary';

export { SEARCH_SORTS, SORT_ORDERS, type SearchSort, type SortOrder } from './vocabulary';

/** The deal statuses as URL/query words. */
export const DEAL_FILTER_WORDS = ['good', 'market', 'over'] as const;
export type DealFilterWord = (typeof DEAL_FILTER_WORDS)[number];

export const DEAL_BY_WORD: Record<DealFilterWord, DealStatus> = {
  good: 'Good Deal',
  market: 'Market Price',
  over: 'Overpriced',
};

export interface SearchFilters {
  minPrice?: number;
  maxPrice?: number;
  minBeds?: number;
  minBaths?: number;
  /** Deal statuses kept; absent or all three means every status. */
  deal?: DealStatus[];
  /** The strategy whose cash-on-cash `minCoc` applies to (and the list's cash-on-cash column shows). */
  strategy?: StrategyKey;
  /** Minimum cash-on-cash ROI of `strategy`, in percent; an infinite return (no cash in) passes. */
  minCoc?: number;
  /** Days on market, at least / at most (a listing without an on-market date passes neither). */
  minDays?: number;
  maxDays?: number;
  /** A price cut from the original list price of at least this percent; 0: any cut. */
  minCut?: number;
  /** A list price at least this many percent below its estimated value (0: at or below it); a listing without an estimate does not pass. */
  minBelowValue?: number;
}

/** The filters as the query string carries them (every value a string, as a URL gives it). */
export interface SearchFilterParams {
  minPrice?: string;
  maxPrice?: string;
  minBeds?: string;
  minBaths?: string;
  deal?: string;
  strategy?: string;
  minCoc?: string;
  minDays?: string;
  maxDays?: string;
  /** "any", or the least cut in percent. */
  cut?: string;
  /** The least percent below the estimated value. */
  belowValue?: string;
}

export const FILTER_PARAM_NAMES = [
  'minPrice',
  'maxPrice',
  'minBeds',
  'minBaths',
  'deal',
  'strategy',
  'minCoc',
  'minDays',
  'maxDays',
  'cut',
  'belowValue',
] as const;

export const FILTER_LIMITS = {
  maxPrice: 1_000_000_000,
  maxRooms: 50,
  cocRange: 1000,
  maxDays: 3650,
  maxCut: 99,
  maxBelowValue: 90,
} as const;

/** The `cut` parameter of "any price cut". */
export const ANY_CUT = 'any';

export const FILTER_MESSAGES = {
  price: (name: string) => `${name} must be a whole number of dollars from 0 to 1,000,000,000`,
  priceOrder: 'maxPrice must not be below minPrice',
  rooms: (name: string) => `${name} must be a number from 0 to ${FILTER_LIMITS.maxRooms}`,
  deal: `deal must be a comma-separated list of ${DEAL_FILTER_WORDS.join(', ')}`,
  strategy: `strategy must be one of ${STRATEGY_KEYS.join(', ')}`,
  coc: `minCoc must be a percentage from -${FILTER_LIMITS.cocRange} to ${FILTER_LIMITS.cocRange}`,
  cocNeedsStrategy: 'minCoc needs a strategy: add strategy=buyHold, brrrr, fixFlip or shortTerm',
  days: (name: string) => `${name} must be a whole number of days from 0 to ${FILTER_LIMITS.maxDays}`,
  daysOrder: 'maxDays must not be below minDays',
  cut: `cut must be "${ANY_CUT}" or a whole percentage from 1 to ${FILTER_LIMITS.maxCut}`,
  belowValue: `belowValue must be a whole percentage from 0 to ${FILTER_LIMITS.maxBelowValue} (how far below its estimated value a list price is)`,
} as const;

const numberOf = (text: string | undefined): number | undefined => {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : NaN;
};

/**
 * The filters of a query, or every problem with them (messages a person can act on). Empty values
 * count as absent, so a form can send its blank fields.
 */
export function parseSearchFilters(params: SearchFilterParams): { filters: SearchFilters; problems: string[] } {
  const problems: string[] = [];
  const filters: SearchFilters = {};
  for (const name of ['minPrice', 'maxPrice'] as const) {
    const value = numberOf(params[name]);
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value < 0 || value > FILTER_LIMITS.maxPrice) problems.push(FILTER_MESSAGES.price(name));
    else filters[name] = value;
  }
  if (filters.minPrice !== undefined && filters.maxPrice !== undefined && filters.maxPrice < filters.minPrice) {
    problems.push(FILTER_MESSAGES.priceOrder);
  }
  for (const name of ['minBeds', 'minBaths'] as const) {
    const value = numberOf(params[name]);
    if (value === undefined) continue;
    if (Number.isNaN(value) || value < 0 || value > FILTER_LIMITS.maxRooms) problems.push(FILTER_MESSAGES.rooms(name));
    else filters[name] = value;
  }
  if (params.deal !== undefined && params.deal.trim() !== '') {
    const words = params.deal.split(',').map((w) => w.trim().toLowerCase());
    if (words.some((w) => !(DEAL_FILTER_WORDS as readonly string[]).includes(w))) problems.push(FILTER_MESSAGES.deal);
    else {
      const statuses = DEAL_STATUSES.filter((s) => words.some((w) => DEAL_BY_WORD[w as DealFilterWord] === s));
      if (statuses.length < DEAL_STATUSES.length) filters.deal = statuses;
    }
  }
  if (params.strategy !== undefined && params.strategy.trim() !== '') {
    const key = params.strategy.trim();
    if (!(STRATEGY_KEYS as readonly string[]).includes(key)) problems.push(FILTER_MESSAGES.strategy);
    else filters.strategy = key as StrategyKey;
  }
  const coc = numberOf(params.minCoc);
  if (coc !== undefined) {
    if (Number.isNaN(coc) || Math.abs(coc) > FILTER_LIMITS.cocRange) problems.push(FILTER_MESSAGES.coc);
    else if (params.strategy === undefined || params.strategy.trim() === '') problems.push(FILTER_MESSAGES.cocNeedsStrategy);
    else filters.minCoc = coc;
  }
  for (const name of ['minDays', 'maxDays'] as const) {
    const value = numberOf(params[name]);
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value < 0 || value > FILTER_LIMITS.maxDays) problems.push(FILTER_MESSAGES.days(name));
    else filters[name] = value;
  }
  if (filters.minDays !== undefined && filters.maxDays !== undefined && filters.maxDays < filters.minDays) {
    problems.push(FILTER_MESSAGES.daysOrder);
  }
  if (params.cut !== undefined && params.cut.trim() !== '') {
    const text = params.cut.trim().toLowerCase();
    const value = text === ANY_CUT ? 0 : Number(text);
    if (!Number.isInteger(value) || value < 0 || value > FILTER_LIMITS.maxCut || (value === 0 && text !== ANY_CUT)) {
      problems.push(FILTER_MESSAGES.cut);
    } else filters.minCut = value;
  }
  const below = numberOf(params.belowValue);
  if (below !== undefined) {
    if (!Number.isInteger(below) || below < 0 || below > FILTER_LIMITS.maxBelowValue) problems.push(FILTER_MESSAGES.belowValue);
    else filters.minBelowValue = below;
  }
  return { filters, problems };
}

/** The query parameters of the filters (none for an absent filter), for the URL and the API call. */
export function searchFilterParams(filters: SearchFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.minPrice !== undefined) params.minPrice = String(filters.minPrice);
  if (filters.maxPrice !== undefined) params.maxPrice = String(filters.maxPrice);
  if (filters.minBeds !== undefined) params.minBeds = String(filters.minBeds);
  if (filters.minBaths !== undefined) params.minBaths = String(filters.minBaths);
  if (filters.deal && filters.deal.length < DEAL_STATUSES.length) {
    params.deal = DEAL_FILTER_WORDS.filter((w) => filters.deal!.includes(DEAL_BY_WORD[w])).join(',');
  }
  if (filters.strategy !== undefined) params.strategy = filters.strategy;
  if (filters.minCoc !== undefined) params.minCoc = String(filters.minCoc);
  if (filters.minDays !== undefined) params.minDays = String(filters.minDays);
  if (filters.maxDays !== undefined) params.maxDays = String(filters.maxDays);
  if (filters.minCut !== undefined) params.cut = filters.minCut === 0 ? ANY_CUT : String(filters.minCut);
  if (filters.minBelowValue !== undefined) params.belowValue = String(filters.minBelowValue);
  return params;
}

export const hasFilters = (filters: SearchFilters): boolean => Object.keys(searchFilterParams(filters)).length > 0;

/** The fields of a property the filters read (a search summary has them all). */
export interface FilterableProperty {
  LatestListingPrice: number;
  BedroomsTotal: number | null;
  BathroomsTotal: number | null;
  markerColor?: { background?: string } | null;
  cashOnCash: Record<StrategyKey, CashOnCashFigure | null>;
  /** Days since it came on the market; null when the feed gave no date. */
  DaysOnMarket: number | null;
  /** The cut from the original list price, percent (0: none). */
  PriceCutPercent: number;
  /** The list price against the estimated value, percent (below 0: below it); null without an estimate. */
  ValueGapPercent: number | null;
}

/** A strategy's cash-on-cash of a property: a number, Infinity when no cash goes in, null without a figure. */
export function cashOnCash(property: FilterableProperty, strategy: StrategyKey): number | null {
  const figure = property.cashOnCash[strategy];
  if (!figure) return null;
  if (figure.cashOnCashInfinite) return Infinity;
  return figure.cashOnCashRoi;
}

/** True when the property passes every filter: the same rules the server's SQL applies. */
export function matchesFilters(property: FilterableProperty, filters: SearchFilters): boolean {
  const price = property.LatestListingPrice;
  if (filters.minPrice !== undefined && !(price >= filters.minPrice)) return false;
  if (filters.maxPrice !== undefined && !(price <= filters.maxPrice)) return false;
  if (filters.minBeds !== undefined && !(property.BedroomsTotal !== null && property.BedroomsTotal >= filters.minBeds)) {
    return false;
  }
  if (filters.minBaths !== undefined && !(property.BathroomsTotal !== null && property.BathroomsTotal >= filters.minBaths)) {
    return false;
  }
  if (filters.deal && !filters.deal.includes(dealStatusFromMarker(property.markerColor?.background))) return false;
  if (filters.strategy !== undefined && filters.minCoc !== undefined) {
    const coc = cashOnCash(property, filters.strategy);
    if (coc === null || !(coc >= filters.minCoc)) return false;
  }
  const days = property.DaysOnMarket;
  if (filters.minDays !== undefined && !(days !== null && days >= filters.minDays)) return false;
  if (filters.maxDays !== undefined && !(days !== null && days <= filters.maxDays)) return false;
  if (filters.minCut !== undefined && !(property.PriceCutPercent > 0 && property.PriceCutPercent >= filters.minCut)) return false;
  const gap = property.ValueGapPercent;
  if (filters.minBelowValue !== undefined && !(gap !== null && gap <= -filters.minBelowValue)) return false;
  return true;
}

export const SORT_MESSAGES = {
  cocNeedsStrategy: 'sort=coc needs a strategy: add strategy=buyHold, brrrr, fixFlip or shortTerm',
} as const;

/** Good deals first when ascending ("best first"), overpriced first when descending. */
export const DEAL_RANK: Record<DealStatus, number> = { 'Good Deal': 0, 'Market Price': 1, Overpriced: 2 };

export interface SortableProperty extends FilterableProperty {
  _id: string;
  BuildingAreaTotal: number | null;
}

/** The value a property sorts by; null sorts last in both directions. */
export function sortValue(property: SortableProperty, sort: SearchSort, strategy: StrategyKey | undefined): number | null {
  switch (sort) {
    case 'price':
      return property.LatestListingPrice;
    case 'pricePerSqft':
      return property.BuildingAreaTotal ? property.LatestListingPrice / property.BuildingAreaTotal : null;
    case 'deal':
      return DEAL_RANK[dealStatusFromMarker(property.markerColor?.background)];
    case 'coc':
      return strategy ? cashOnCash(property, strategy) : null;
    case 'daysOnMarket':
      return property.DaysOnMarket;
    case 'priceCut':
      return property.PriceCutPercent;
    case 'valueGap':
      return property.ValueGapPercent;
  }
}

/** A comparator for the sort: the server's ORDER BY in JavaScript (ties by id, nulls last). */
export function compareBy(sort: SearchSort, order: SortOrder, strategy: StrategyKey | undefined) {
  const sign = order === 'asc' ? 1 : -1;
  return (a: SortableProperty, b: SortableProperty): number => {
    const x = sortValue(a, sort, strategy);
    const y = sortValue(b, sort, strategy);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      if (x < y) return -sign;
      if (x > y) return sign;
    }
    return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
  };
}
