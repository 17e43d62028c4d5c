import type { TrendMonth } from '../../src/shared/schemas/market-trends';
import {
  addMonths,
  areaBoxOf,
  areaTooWide,
  changeOver,
  emptyAggregate,
  formatPercentChange,
  MIN_TREND_COUNT,
  monthsEnding,
  seriesOf,
  trendMonthOf,
  trendSummary,
} from '../../src/shared/trends';

describe('market series', () => {
  it('counts months across years', () => {
    expect(addMonths('2025-11', 2)).toBe('2026-01');
    expect(addMonths('2025-01', -1)).toBe('2024-12');
    expect(monthsEnding('2026-02', 4)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });

  it('hides a median over too few records but keeps its count, and derives supply and yield', () => {
    const month = trendMonthOf({
      ...emptyAggregate('2026-05'),
      activeCount: 30,
      listPriceMedian: 410_000,
      domMedian: 47.5,
      cutCount: 6,
      // 6 of the 30 were listings that sold since: their cuts are unknown.
      cutBaseCount: 24,
      soldCount: 15,
      soldPriceMedian: 400_000,
      leaseCount: MIN_TREND_COUNT - 1,
      rentMedian: 2000,
    });
    expect(month.listPrice).toEqual({ value: 410_000, count: 30 });
    expect(month.daysOnMarket).toEqual({ value: 48, count: 30 });
    expect(month.priceCutPercent).toEqual({ value: 25, count: 24 });
    // 30 listed ÷ (15 sales over three months ÷ 3) = 6 months.
    expect(month.monthsOfSupply).toEqual({ value: 6, count: 15 });
    expect(month.rent).toEqual({ value: null, count: 4 });
    expect(month.grossYieldPercent).toEqual({ value: null, count: 4 });
  });

  it('fills the months without records', () => {
    const months = seriesOf([{ ...emptyAggregate('2026-02'), newListings: 3 }], monthsEnding('2026-03', 3));
    expect(months.map((m) => [m.month, m.newListings])).toEqual([
      ['2026-01', 0],
      ['2026-02', 3],
      ['2026-03', 0],
    ]);
  });
});

describe('trend summary', () => {
  const months = (values: Array<[number | null, number | null]>): TrendMonth[] =>
    seriesOf(
      values.map(([rent, dom], i) => ({
        ...emptyAggregate(addMonths('2025-01', i)),
        leaseCount: rent === null ? 0 : 10,
        rentMedian: rent,
        activeCount: dom === null ? 0 : 10,
        domMedian: dom,
      })),
      monthsEnding(addMonths('2025-01', values.length - 1), values.length),
    );

  it('says the 12-month change of what has enough records', () => {
    const series = months([[2000, 48], ...Array.from({ length: 11 }, () => [null, null] as [null, null]), [2042, 61]]);
    expect(changeOver(series, 'rent')).toMatchObject({ from: 2000, to: 2042 });
    expect(trendSummary('Austin, TX', series)).toBe('Austin, TX over 12 months: rents +2.1 %, days on market 48 → 61');
  });

  it('says nothing when no figure has a year to compare', () => {
    expect(trendSummary('Austin, TX', months([[2000, 48]]))).toBeNull();
  });

  it('writes a fall with a minus sign', () => {
    expect(formatPercentChange(-0.44)).toBe('\u22120.4 %');
    expect(formatPercentChange(0.04)).toBe('0.0 %');
  });
});

describe("the map's area", () => {
  it('asks at three decimals, so a view settling a few metres away asks nothing new', () => {
    const box = areaBoxOf({ ne: { lat: 30.30004, lng: -97.69996 }, sw: { lat: 30.2, lng: -97.80049 } });
    expect(box).toEqual({ north: 30.3, south: 30.2, east: -97.7, west: -97.8 });
    expect(areaBoxOf({ ne: { lat: 30.3006, lng: -97.7 }, sw: { lat: 30.2, lng: -97.8 } })).not.toEqual(box);
  });

  it('is too wide past one degree either way, or across the antimeridian', () => {
    expect(areaTooWide({ north: 31, south: 30, east: -97, west: -98 })).toBe(false);
    expect(areaTooWide({ north: 31.01, south: 30, east: -97, west: -97.5 })).toBe(true);
    expect(areaTooWide({ north: 30.5, south: 30, east: -96.9, west: -98 })).toBe(true);
    expect(areaTooWide({ north: 30.5, south: 30, east: -179.5, west: 179.5 })).toBe(true);
  });
});
