import type { TrendFigure, TrendMonth } from '../schemas/market-trends';

/**
 * A market's monthly figures from the aggregates (docs/markets.md): the counts rule which figures are
 * shown, and the derived ones (months of supply, gross yield) are worked out here, alike on the server
 * and in the tests.
 */

/** A median, share or ratio over fewer records than this is not shown (its count still is). */
export const MIN_TREND_COUNT = 5;
/** Sales and leases are counted over the month and the two before it. */
export const CLOSED_WINDOW_MONTHS = 3;

/** One month of one market as the aggregates keep it: medians and the counts behind them. */
export interface MonthAggregate {
  /** YYYY-MM */
  month: string;
  activeCount: number;
  listPriceMedian: number | null;
  listPpsfMedian: number | null;
  listPpsfCount: number;
  newListings: number;
  domMedian: number | null;
  cutCount: number;
  /** The active listings whose price history is known: the cut share is of these. */
  cutBaseCount: number;
  soldCount: number;
  soldPriceMedian: number | null;
  soldPpsfMedian: number | null;
  soldPpsfCount: number;
  saleToListMedian: number | null;
  saleToListCount: number;
  leaseCount: number;
  rentMedian: number | null;
  rentPpsfMedian: number | null;
  rentPpsfCount: number;
}

const round = (value: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/** A figure: its value when enough records stand behind it, else null. */
export function figure(value: number | null, count: number, digits = 0): TrendFigure {
  return { value: value !== null && Number.isFinite(value) && count >= MIN_TREND_COUNT ? round(value, digits) : null, count };
}

/** A month with no record at all. */
export const emptyAggregate = (month: string): MonthAggregate => ({
  month,
  activeCount: 0,
  listPriceMedian: null,
  listPpsfMedian: null,
  listPpsfCount: 0,
  newListings: 0,
  domMedian: null,
  cutCount: 0,
  cutBaseCount: 0,
  soldCount: 0,
  soldPriceMedian: null,
  soldPpsfMedian: null,
  soldPpsfCount: 0,
  saleToListMedian: null,
  saleToListCount: 0,
  leaseCount: 0,
  rentMedian: null,
  rentPpsfMedian: null,
  rentPpsfCount: 0,
});

/** The wire month of an aggregate: small counts hidden, months of supply and gross yield derived. */
export function trendMonthOf(a: MonthAggregate): TrendMonth {
  const soldPrice = figure(a.soldPriceMedian, a.soldCount);
  const rent = figure(a.rentMedian, a.leaseCount);
  const salesAMonth = a.soldCount / CLOSED_WINDOW_MONTHS;
  const supply = a.activeCount >= MIN_TREND_COUNT && salesAMonth > 0 ? a.activeCount / salesAMonth : null;
  const yieldCount = Math.min(a.soldCount, a.leaseCount);
  const grossYield = soldPrice.value !== null && rent.value !== null ? (1200 * rent.value) / soldPrice.value : null;
  return {
    month: a.month,
    listPrice: figure(a.listPriceMedian, a.activeCount),
    listPricePerSqft: figure(a.listPpsfMedian, a.listPpsfCount),
    soldPrice,
    soldPricePerSqft: figure(a.soldPpsfMedian, a.soldPpsfCount),
    saleToListPercent: figure(a.saleToListMedian === null ? null : 100 * a.saleToListMedian, a.saleToListCount, 1),
    rent,
    rentPerSqft: figure(a.rentPpsfMedian, a.rentPpsfCount, 2),
    activeListings: a.activeCount,
    newListings: a.newListings,
    daysOnMarket: figure(a.domMedian, a.activeCount),
    priceCutPercent: figure(a.cutBaseCount > 0 ? (100 * a.cutCount) / a.cutBaseCount : null, a.cutBaseCount, 1),
    monthsOfSupply: figure(supply, a.soldCount, 1),
    grossYieldPercent: figure(grossYield, yieldCount, 2),
  };
}

/** YYYY-MM of a date (UTC). */
export const monthOf = (date: Date): string => date.toISOString().slice(0, 7);

/** The month `n` months after `month` (n may be negative). */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** `count` months ending with `last`, oldest first. */
export const monthsEnding = (last: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => addMonths(last, i - count + 1));

/** One wire month for each of `months`, from the aggregates that exist (missing months: no records). */
export function seriesOf(aggregates: readonly MonthAggregate[], months: readonly string[]): TrendMonth[] {
  const byMonth = new Map(aggregates.map((a) => [a.month, a]));
  return months.map((month) => trendMonthOf(byMonth.get(month) ?? emptyAggregate(month)));
}
