/**
 * The map feature's public surface: the property model, the popup's pieces the property page and
 * help reuse, the texts and constants others quote, and the map's endpoints others read.
 */
export type { Comp, MapProperty, RecentSearch } from './map-types';
export { useMapConfigQuery, usePropertyCompsQuery, usePropertyQuery, useRecentSearchesQuery } from './map-api';
export { CLUSTER_MAX_ZOOM, MAP_TEXT, SEARCH_ZOOM } from './map-constants';
export { LEGEND_ENTRIES } from './map-legend';
export { normalizeStrategyName, STRATEGY_TABS, type StrategyTabKey } from './popup-rules';
export { strategyRows, type PropertyResults } from './strategy-results';
export { MaxOfferLine, maxOfferText, MAX_OFFER_TEXT, useOfferTargets } from './max-offer';
export { CompsTab } from './comps-tab';
export { DealLabel } from './deal-label';
