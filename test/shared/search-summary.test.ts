import { markerColorFor } from '../../src/shared/deal-status';
import type { Property } from '../../src/shared/schemas/property';
import type { PropertySummaryRow } from '../../src/shared/schemas/property-search';
import { cashOnCashValue, resultsBits, summaryFromRow, summaryOf, summaryRow } from '../../src/shared/search-summary';

const ROW: PropertySummaryRow = [
  '7cfce4cc-c1bb-43ab-bdb5-6ebdbaea77e8',
  -97.839509,
  30.221636,
  349900,
  3,
  3,
  1550,
  '3826 W VALLEY AVE',
  'Austin',
  'TX',
  '78749',
  '#10b981',
  -9.42,
  'Infinity',
  null,
  null,
  1 + 2 + 4,
  47,
  5.2,
  9,
  -6.2,
  12,
];

describe('search summary rows', () => {
  it("reads a row into the spec's fields: location as a GeoJSON point, the deal status's marker colours, each figure", () => {
    expect(summaryFromRow(ROW)).toEqual({
      _id: '7cfce4cc-c1bb-43ab-bdb5-6ebdbaea77e8',
      location: { type: 'Point', coordinates: [-97.839509, 30.221636] },
      LatestListingPrice: 349900,
      BedroomsTotal: 3,
      BathroomsTotal: 3,
      BuildingAreaTotal: 1550,
      PropertyAddressFull: '3826 W VALLEY AVE',
      PropertyAddressCity: 'Austin',
      PropertyAddressState: 'TX',
      PropertyAddressZIP: '78749',
      markerColor: markerColorFor('Good Deal'),
      cashOnCash: {
        buyHold: { cashOnCashRoi: -9.42, cashOnCashInfinite: false },
        brrrr: { cashOnCashRoi: null, cashOnCashInfinite: true },
        fixFlip: { cashOnCashRoi: null, cashOnCashInfinite: false },
        shortTerm: null,
      },
      DaysOnMarket: 47,
      PriceCutPercent: 5.2,
      PriceChangeDays: 9,
      ValueGapPercent: -6.2,
      zIndex: 12,
    });
  });

  it('writes the row it reads, and an unknown marker background reads as Market Price', () => {
    expect(summaryRow(summaryFromRow(ROW))).toEqual(ROW);
    const other = [...ROW] as PropertySummaryRow;
    other[11] = '#123456';
    expect(summaryFromRow(other).markerColor).toEqual(markerColorFor('Market Price'));
  });

  it('says a figure as a number, Infinity or null (no figure, or no results: the bits tell which); NaN has no figure', () => {
    expect(cashOnCashValue({ cashOnCashRoi: 7.5, cashOnCashInfinite: false })).toBe(7.5);
    expect(cashOnCashValue({ cashOnCashRoi: null, cashOnCashInfinite: true })).toBe('Infinity');
    expect(cashOnCashValue({ cashOnCashRoi: null, cashOnCashInfinite: false })).toBeNull();
    expect(cashOnCashValue({ cashOnCashRoi: NaN, cashOnCashInfinite: false })).toBeNull();
    expect(cashOnCashValue(null)).toBeNull();
    const figures = summaryFromRow(ROW).cashOnCash;
    expect(resultsBits(figures)).toBe(7);
    expect(resultsBits({ ...figures, buyHold: null, shortTerm: { cashOnCashRoi: 1, cashOnCashInfinite: false } })).toBe(14);
  });

  it('summarises a whole property (GET /property/:id) as the search would', () => {
    const summary = summaryFromRow(ROW);
    const results = (roi: number | null, infinite: boolean) => ({ cashOnCashRoi: roi, cashOnCashInfinite: infinite });
    const property = {
      _id: summary._id,
      location: summary.location,
      LatestListingPrice: 349900,
      BedroomsTotal: 3,
      BathroomsTotal: 3,
      BuildingAreaTotal: 1550,
      PropertyAddressFull: '3826 W VALLEY AVE',
      PropertyAddressCity: 'Austin',
      PropertyAddressState: 'TX',
      PropertyAddressZIP: '78749',
      markerColor: { background: '#10b981', borderColor: '#047857', glyphColor: '#ffffff' },
      BuyHoldResults: results(-9.42, false),
      BRRRRResults: results(null, true),
      FixFlipResults: results(null, false),
      ShortTermResults: null,
      DaysOnMarket: 47,
      PriceCutPercent: 5.2,
      PriceChangeDays: 9,
      valueEstimate: { value: 373_000, listGapPercent: -6.2 },
    } as unknown as Property;
    expect(summaryOf(property, 12)).toEqual(summary);
  });
});
