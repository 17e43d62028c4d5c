import { markerColorFor, type DealStatus } from '../../src/shared/deal-status';
import {
  compareBy,
  FILTER_MESSAGES,
  hasFilters,
  matchesFilters,
  parseSearchFilters,
  searchFilterParams,
  type SortableProperty,
} from '../../src/shared/search-filters';

const results = (coc: number | null, infinite = false) => ({ cashOnCashRoi: coc, cashOnCashInfinite: infinite });

type Figures = SortableProperty['cashOnCash'];
type Overrides = Partial<Omit<SortableProperty, 'cashOnCash'>> & { status?: DealStatus } & Partial<Figures>;

/** A summary of a property; strategy keys in the overrides replace its cash-on-cash figures. */
function property(id: string, overrides: Overrides = {}): SortableProperty {
  const { status = 'Market Price', buyHold, brrrr, fixFlip, shortTerm, ...rest } = overrides;
  const figures: Partial<Figures> = { buyHold, brrrr, fixFlip, shortTerm };
  const cashOnCash: Figures = { buyHold: results(4), brrrr: results(8), fixFlip: results(-10), shortTerm: results(12) };
  for (const key of Object.keys(figures) as Array<keyof Figures>) if (key in overrides) cashOnCash[key] = figures[key] ?? null;
  return {
    _id: id,
    LatestListingPrice: 300_000,
    BedroomsTotal: 3,
    BathroomsTotal: 2,
    BuildingAreaTotal: 1500,
    markerColor: markerColorFor(status),
    cashOnCash,
    DaysOnMarket: 30,
    PriceCutPercent: 0,
    ValueGapPercent: null,
    ...rest,
  };
}

describe('parseSearchFilters', () => {
  it('reads every filter; blank values are absent; all three deal statuses is no deal filter', () => {
    expect(
      parseSearchFilters({
        minPrice: '100000',
        maxPrice: '400000',
        minBeds: '3',
        minBaths: '1.5',
        deal: 'good,over',
        strategy: 'brrrr',
        minCoc: '-2.5',
      }),
    ).toEqual({
      filters: {
        minPrice: 100_000,
        maxPrice: 400_000,
        minBeds: 3,
        minBaths: 1.5,
        deal: ['Good Deal', 'Overpriced'],
        strategy: 'brrrr',
        minCoc: -2.5,
      },
      problems: [],
    });
    expect(parseSearchFilters({ minPrice: '', deal: ' ', strategy: '' })).toEqual({ filters: {}, problems: [] });
    expect(parseSearchFilters({ deal: 'market,good,over' }).filters).toEqual({});
  });

  it('names every bad value with what to send instead', () => {
    expect(parseSearchFilters({ minPrice: '-1' }).problems).toEqual([FILTER_MESSAGES.price('minPrice')]);
    expect(parseSearchFilters({ maxPrice: '12.5' }).problems).toEqual([FILTER_MESSAGES.price('maxPrice')]);
    expect(parseSearchFilters({ minPrice: 'abc' }).problems).toEqual([FILTER_MESSAGES.price('minPrice')]);
    expect(parseSearchFilters({ minPrice: '500', maxPrice: '400' }).problems).toEqual([FILTER_MESSAGES.priceOrder]);
    expect(parseSearchFilters({ minBeds: '99' }).problems).toEqual([FILTER_MESSAGES.rooms('minBeds')]);
    expect(parseSearchFilters({ minBaths: 'many' }).problems).toEqual([FILTER_MESSAGES.rooms('minBaths')]);
    expect(parseSearchFilters({ deal: 'good,cheap' }).problems).toEqual([FILTER_MESSAGES.deal]);
    expect(parseSearchFilters({ strategy: 'flip' }).problems).toEqual([FILTER_MESSAGES.strategy]);
    expect(parseSearchFilters({ minCoc: '5' }).problems).toEqual([FILTER_MESSAGES.cocNeedsStrategy]);
    expect(parseSearchFilters({ strategy: 'buyHold', minCoc: '5000' }).problems).toEqual([FILTER_MESSAGES.coc]);
  });

  it('round-trips through the query parameters', () => {
    const filters = {
      minPrice: 1,
      maxPrice: 2,
      minBeds: 3,
      minBaths: 2,
      deal: ['Good Deal' as const],
      strategy: 'shortTerm' as const,
      minCoc: 7,
    };
    const params = searchFilterParams(filters);
    expect(params).toEqual({
      minPrice: '1',
      maxPrice: '2',
      minBeds: '3',
      minBaths: '2',
      deal: 'good',
      strategy: 'shortTerm',
      minCoc: '7',
    });
    expect(parseSearchFilters(params)).toEqual({ filters, problems: [] });
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ deal: ['Good Deal', 'Market Price', 'Overpriced'] })).toBe(false);
    expect(hasFilters({ minBeds: 0 })).toBe(true);
  });
});

describe('matchesFilters', () => {
  it('keeps a property only when it passes every filter', () => {
    const p = property('a');
    expect(matchesFilters(p, {})).toBe(true);
    expect(matchesFilters(p, { minPrice: 300_000, maxPrice: 300_000 })).toBe(true);
    expect(matchesFilters(p, { minPrice: 300_001 })).toBe(false);
    expect(matchesFilters(p, { maxPrice: 299_999 })).toBe(false);
    expect(matchesFilters(p, { minBeds: 3, minBaths: 2 })).toBe(true);
    expect(matchesFilters(p, { minBeds: 4 })).toBe(false);
    expect(matchesFilters(property('b', { BedroomsTotal: null }), { minBeds: 0 })).toBe(false);
    expect(matchesFilters(p, { deal: ['Market Price'] })).toBe(true);
    expect(matchesFilters(p, { deal: ['Good Deal', 'Overpriced'] })).toBe(false);
    expect(matchesFilters(p, { strategy: 'brrrr', minCoc: 8 })).toBe(true);
    expect(matchesFilters(p, { strategy: 'brrrr', minCoc: 8.01 })).toBe(false);
  });

  it('passes an infinite cash-on-cash; a property without results fails a minimum', () => {
    const infinite = property('c', { brrrr: results(null, true) });
    expect(matchesFilters(infinite, { strategy: 'brrrr', minCoc: 1000 })).toBe(true);
    const none = property('d', { shortTerm: null });
    expect(matchesFilters(none, { strategy: 'shortTerm', minCoc: -1000 })).toBe(false);
    expect(matchesFilters(none, { strategy: 'shortTerm' })).toBe(true);
  });
});

describe('compareBy', () => {
  const a = property('a', {
    LatestListingPrice: 200_000,
    BuildingAreaTotal: 1000,
    status: 'Overpriced',
    buyHold: results(3),
  });
  const b = property('b', { LatestListingPrice: 300_000, BuildingAreaTotal: 3000, status: 'Good Deal', buyHold: null });
  const c = property('c', { LatestListingPrice: 300_000, BuildingAreaTotal: null, buyHold: results(null, true) });
  const ids = (list: SortableProperty[]) => list.map((p) => p._id);

  it('orders by price, price per square foot, deal status and cash-on-cash, ties by id, nulls last both ways', () => {
    expect(ids([c, b, a].sort(compareBy('price', 'asc', undefined)))).toEqual(['a', 'b', 'c']);
    expect(ids([a, b, c].sort(compareBy('price', 'desc', undefined)))).toEqual(['b', 'c', 'a']);
    expect(ids([a, b, c].sort(compareBy('pricePerSqft', 'asc', undefined)))).toEqual(['b', 'a', 'c']);
    expect(ids([a, b, c].sort(compareBy('pricePerSqft', 'desc', undefined)))).toEqual(['a', 'b', 'c']);
    expect(ids([a, b, c].sort(compareBy('deal', 'asc', undefined)))).toEqual(['b', 'c', 'a']);
    expect(ids([a, b, c].sort(compareBy('coc', 'desc', 'buyHold')))).toEqual(['c', 'a', 'b']);
    expect(ids([a, b, c].sort(compareBy('coc', 'asc', 'buyHold')))).toEqual(['a', 'c', 'b']);
  });
});
