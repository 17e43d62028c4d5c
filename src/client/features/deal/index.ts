/**
 * The deal feature's public surface: what the map's popup and the property page both show about a
 * deal (its label, value estimate, strategy results, max offer, comps, the rent's lease comps and
 * listing history), the rules and texts behind them, and the whole property's endpoints. It sits
 * below map and property and imports neither.
 */
export { dealApi, usePropertyCompsQuery, usePropertyLeaseCompsQuery, usePropertyQuery } from './deal-api';
export { DEAL_TEXT } from './deal-constants';
export { DealLabel, LEGEND_ENTRIES } from './deal-label';
export { normalizeStrategyName, STRATEGY_TABS, visibleStrategyTabs, type StrategyTabKey } from './popup-rules';
export { StrategyResults, strategyRows, type PropertyResults } from './strategy-results';
export { MaxOfferLine, maxOfferText, MAX_OFFER_TEXT, offerValueText, useOfferTargets } from './max-offer';
export { ValueEstimateLine, type ValueFacts } from './value-estimate';
export { CompsTab } from './comps-tab';
export { listingFactItems, LISTING_TEXT, PriceHistory, type ListingFacts } from './listing-history';
export {
  LEASE_TEXT,
  LeaseList,
  leaseDistanceMiles,
  placeLeases,
  PopupRentEstimate,
  RentEstimateLine,
  useLeaseComps,
  type PlacedLease,
  type RentFacts,
} from './lease-comps';
