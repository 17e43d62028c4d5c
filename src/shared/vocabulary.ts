/**
 * The words the rest of src/shared is written in: the strategies, the deal statuses and the search's
 * sorts. The bottom of src/shared: this module imports nothing, so the schemas, the deal status, the
 * filters and the investor types can all use it without importing one another back.
 */

/** The four strategies, as a saved calculation names the one it was opened on. */
export const STRATEGY_KEYS = ['buyHold', 'brrrr', 'fixFlip', 'shortTerm'] as const;
export type StrategyKey = (typeof STRATEGY_KEYS)[number];

/** A listed property's deal status from its sold comps (src/shared/deal-status.ts). */
export const DEAL_STATUSES = ['Good Deal', 'Overpriced', 'Market Price'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

/** How the list and the top of a view are ordered. */
export const SEARCH_SORTS = ['price', 'pricePerSqft', 'deal', 'coc', 'daysOnMarket', 'priceCut', 'valueGap'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** How often a saved search's new matches are e-mailed (docs/map-search.md, "Saved searches"). */
export const ALERT_FREQUENCIES = ['instant', 'daily', 'off'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** Why a saved search reports a listing: it is new, its price was cut, or it now pays the search's minimum cash-on-cash. */
export const ALERT_REASONS = ['new', 'price_cut', 'now_pays'] as const;
export type AlertReason = (typeof ALERT_REASONS)[number];
