import type { Comp, MapProperty } from '../../src/client/features/map/map-types';
import type { Property, PropertySummaryRow } from '../../src/shared/schemas/property';
import { summaryOf, summaryRow } from '../../src/shared/search-summary';

/** A listed property as the API sends it: every field present, the ones a test does not care about null. */
export function makeProperty(overrides: Partial<Property> & Pick<Property, '_id'>): Property {
  return {
    LatestListingPrice: 100_000,
    PublicListingRemarks: null,
    BedroomsTotal: null,
    BathroomsTotal: null,
    BathroomsFull: null,
    BathroomsHalf: null,
    BathroomsThreeQuarter: null,
    BuildingAreaTotal: null,
    PropertyAddressFull: null,
    PropertyAddressCity: null,
    PropertyAddressState: null,
    PropertyAddressZIP: null,
    location: { type: 'Point', coordinates: [-97.74, 30.27] },
    markerColor: { background: '#06b6d4', borderColor: '#0e7490', glyphColor: '#ffffff' },
    dealStatus: 'Market Price',
    compIDs: [],
    confidence: null,
    monthlyRent: null,
    rentEstimate: null,
    leaseCompIds: [],
    rehabEstimate: null,
    arvEstimate: null,
    nightlyRate: null,
    updatedAt: '2026-01-02T09:00:00.000Z',
    BuyHoldResults: null,
    BRRRRResults: null,
    FixFlipResults: null,
    ShortTermResults: null,
    OnMarketDate: null,
    DaysOnMarket: null,
    OriginalListPrice: null,
    PriceCutPercent: 0,
    PriceChangedAt: null,
    PriceChangeDays: null,
    priceHistory: [],
    ...overrides,
  };
}

/** A sold comp as the API sends it. */
export function makeComp(overrides: Partial<Comp> & Pick<Comp, '_id' | 'MLSSoldPrice'>): Comp {
  return {
    LatestListingPrice: null,
    closeDate: '2026-01-15',
    BedroomsTotal: null,
    BathroomsTotal: null,
    BathroomsFull: null,
    BathroomsHalf: null,
    BathroomsThreeQuarter: null,
    BuildingAreaTotal: null,
    PropertyAddressFull: null,
    PropertyAddressCity: null,
    PropertyAddressState: null,
    PropertyAddressZIP: null,
    location: { type: 'Point', coordinates: [-97.74, 30.27] },
    ...overrides,
  };
}

/** Stored results carry whether cash-on-cash is infinite; the fixtures' never is. */
export const finite = <T extends object>(results: T): T & { cashOnCashInfinite: boolean } => ({
  ...results,
  cashOnCashInfinite: false,
});

/** The search's summary of a property (what the map and the list hold). */
export const makeSummary = (overrides: Partial<Property> & Pick<Property, '_id'>, zIndex = 0): MapProperty =>
  summaryOf(makeProperty(overrides), zIndex);

/** A property as a search answer's row carries it (`type=bounds` and `type=top`). */
export const rowOf = (property: Property, zIndex = 0): PropertySummaryRow => summaryRow(summaryOf(property, zIndex));
