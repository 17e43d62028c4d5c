import type { Comp, MapProperty } from '../../src/client/features/map/map-types';
import type { LeaseComp, Property } from '../../src/shared/schemas/property';
import type { RentEstimate } from '../../src/shared/schemas/property-estimates';
import type { PropertySummaryRow } from '../../src/shared/schemas/property-search';
import { summaryOf, summaryRow } from '../../src/shared/search-summary';

/** The address and room fields a listing, a comp and a lease share, all unknown, at a point in Austin. */
const NO_FACTS: Omit<LeaseComp, '_id' | 'monthlyRent' | 'closeDate'> = {
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
};

/** A listed property as the API sends it: every field present, the ones a test does not care about null. */
export function makeProperty(overrides: Partial<Property> & Pick<Property, '_id'>): Property {
  return {
    LatestListingPrice: 100_000,
    PublicListingRemarks: null,
    ...NO_FACTS,
    markerColor: { background: '#06b6d4', borderColor: '#0e7490', glyphColor: '#ffffff' },
    dealStatus: 'Market Price',
    compIDs: [],
    confidence: null,
    monthlyRent: null,
    rentEstimate: null,
    valueEstimate: null,
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
    ...NO_FACTS,
    ...overrides,
  };
}

/** A lease comp as the API sends it (GET /property/lease-comps). */
export function makeLeaseComp(overrides: Partial<LeaseComp> & Pick<LeaseComp, '_id' | 'monthlyRent'>): LeaseComp {
  return {
    closeDate: '2026-01-15',
    ...NO_FACTS,
    ...overrides,
  };
}

/** A rent estimate from lease comps ('leases'); override the source and figures for the other cases. */
export function makeRentEstimate(overrides: Partial<RentEstimate> = {}): RentEstimate {
  return {
    source: 'leases',
    monthlyRent: 1_850,
    low: 1_700,
    high: 2_000,
    leaseCount: 8,
    spreadPercent: 21.6,
    farthestMiles: 0.6,
    oldestMonths: 9,
    newestLeaseDays: 12,
    searchedMiles: 3,
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
