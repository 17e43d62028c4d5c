/**
 * The demo metros' price and rent trends (docs/listings.md, "Demo trends"): a monthly house-price index
 * and a monthly rent index per demo city, built from published annual changes and a seasonal swing,
 * normalised to 1 at the month a load is made as of. A demo sale's price is what the generator makes
 * for today times priceIndex(its close month); a lease's rent likewise with rentIndex.
 */

/** Where a metro's figures come from (the table in docs/listings.md says which page and which date). */
export type TrendSource =
  /** S&P CoreLogic Case-Shiller, the metro's own (not seasonally adjusted) index. */
  | 'case-shiller'
  /** No metro figure found: the 20-city composite stands in for the national figure. */
  | 'national'
  /** Zillow Observed Rent Index, the metro's own figure (apartments where so noted in the docs). */
  | 'zori'
  /** No metro figure found: the national ZORI. */
  | 'zori-national';

export interface MetroTrend {
  city: string;
  state: string;
  /** Percent changes of the three years to the as-of month, latest first. */
  priceChanges: readonly [number, number, number];
  priceSource: TrendSource;
  rentChanges: readonly [number, number, number];
  /** Per year: where each rent change comes from (a metro may have its own figure for some years only). */
  rentSources: readonly [TrendSource, TrendSource, TrendSource];
}

/**
 * Published cumulative price changes over 1, 2 and 3 years, percent: S&P CoreLogic Case-Shiller Home
 * Price Indices as tabulated with "Latest Release Date: Oct 01, 2025" (docs/listings.md). The years'
 * changes follow: (1 + r2) ÷ (1 + r1) − 1 for the year before the last, and so on.
 */
const CASE_SHILLER_RETURNS: Record<string, readonly [number, number, number]> = {
  'Phoenix|AZ': [-1.82, 0.05, 5.01],
  'Dallas|TX': [-1.13, -0.94, 2.69],
  'Atlanta|GA': [-0.3, 2.16, 8.15],
  'Charlotte|NC': [0.3, 2.96, 10.81],
  'Tampa|FL': [-1.36, -3.5, 0.07],
  'Denver|CO': [-2.5, -1.19, 0.92],
  'Las Vegas|NV': [-1.31, 3.27, 11.2],
  'Cleveland|OH': [2.76, 8.77, 18.52],
  'Detroit|MI': [2.67, 8.6, 17.07],
};
/** The 20-city composite of the same table (SPCS20RSA): the stand-in for a metro without its own index. */
const COMPOSITE_20_RETURNS: readonly [number, number, number] = [-0.15, 3.93, 11.72];

/** Zillow Observed Rent Index, national, year over year in July 2025, July 2024 and July 2023 (percent). */
export const NATIONAL_RENT_CHANGES: readonly [number, number, number] = [2.6, 3.4, 3.6];
/**
 * ZORI per metro where Zillow published one (percent; null: not found, the national figure is used).
 * Latest year: apartment rents, September 2025 (Zillow, 17 October 2025); Cleveland's year before:
 * all homes, June 2024 (Zillow, June 2024 rental market report).
 */
const METRO_RENT_CHANGES: Record<string, readonly [number | null, number | null, number | null]> = {
  'Austin|TX': [-4.7, null, null],
  'Denver|CO': [-3.4, null, null],
  'San Antonio|TX': [-2.3, null, null],
  'Phoenix|AZ': [-2.2, null, null],
  'Orlando|FL': [-0.8, null, null],
  'Cleveland|OH': [4.2, 7.2, null],
};

/** The demo cities (DEMO_CITIES' order). */
const CITIES: ReadonlyArray<readonly [string, string]> = [
  ['Austin', 'TX'],
  ['Phoenix', 'AZ'],
  ['Dallas', 'TX'],
  ['Houston', 'TX'],
  ['San Antonio', 'TX'],
  ['Atlanta', 'GA'],
  ['Charlotte', 'NC'],
  ['Tampa', 'FL'],
  ['Orlando', 'FL'],
  ['Jacksonville', 'FL'],
  ['Nashville', 'TN'],
  ['Indianapolis', 'IN'],
  ['Columbus', 'OH'],
  ['Kansas City', 'MO'],
  ['Denver', 'CO'],
  ['Las Vegas', 'NV'],
  ['Raleigh', 'NC'],
  ['Memphis', 'TN'],
  ['Cleveland', 'OH'],
  ['Detroit', 'MI'],
];

/** Cumulative 1-, 2- and 3-year changes (percent) as the three years' own changes, latest first, to 0.01. */
export function yearlyChanges(cumulative: readonly [number, number, number]): [number, number, number] {
  const [r1, r2, r3] = cumulative.map((r) => 1 + r / 100);
  const round = (x: number) => Math.round(x * 10_000) / 100;
  return [round(r1 - 1), round(r2 / r1 - 1), round(r3 / r2 - 1)];
}

const years = <T>(f: (year: 0 | 1 | 2) => T): [T, T, T] => [f(0), f(1), f(2)];

export const METRO_TRENDS: readonly MetroTrend[] = CITIES.map(([city, state]) => {
  const key = `${city}|${state}`;
  const own = CASE_SHILLER_RETURNS[key];
  const rents = METRO_RENT_CHANGES[key] ?? [null, null, null];
  return {
    city,
    state,
    priceChanges: yearlyChanges(own ?? COMPOSITE_20_RETURNS),
    priceSource: own ? 'case-shiller' : 'national',
    rentChanges: years((y) => rents[y] ?? NATIONAL_RENT_CHANGES[y]),
    rentSources: years((y): TrendSource => (rents[y] === null ? 'zori-national' : 'zori')),
  };
});

/**
 * The seasonal swing, log points either side of the year's trend: prices peak in June and trough in
 * December (the shape of Case-Shiller's not-seasonally-adjusted index against its seasonally
 * adjusted one), rents peak in July, about half as much. Our assumption of the amplitudes (issue 39:
 * ±1.5–2 % and ±1 %), not a published table.
 */
export const PRICE_SEASON_AMPLITUDE = 0.0175;
export const RENT_SEASON_AMPLITUDE = 0.01;
const PRICE_PEAK_MONTH = 5; // June (0 = January)
const RENT_PEAK_MONTH = 6; // July

const season = (amplitude: number, peak: number, calendarMonth: number) =>
  amplitude * Math.cos((2 * Math.PI * (calendarMonth - peak)) / 12);

/** How many months back the indexes reach (a demo sale or lease closes at most 36 months back). */
export const TREND_MONTHS = 48;

/** The middle of year y back (months before the as-of month): 5.5 for the last 12 months (0–11). */
const middle = (y: number) => 5.5 + 12 * y;

/** A log level by months back, through `levels` at the years' middles, straight between, on at the end slopes. */
function through(levels: readonly number[], k: number): number {
  const last = levels.length - 1;
  const y = Math.min(last - 1, Math.max(0, Math.floor((k - 5.5) / 12)));
  return levels[y] + ((levels[y + 1] - levels[y]) * (k - middle(y))) / 12;
}

/** The mean log level of year y back (its months 12y … 12y + 11). */
const yearMean = (levels: readonly number[], y: number) => {
  let sum = 0;
  for (let k = 12 * y; k < 12 * y + 12; k++) sum += through(levels, k);
  return sum / 12;
};

/**
 * The trend's log levels at the years' middles (the last 12 months', the 12 before, …), such that each
 * year's published change is the change of that year's mean over the next year's: a line through
 * the middles puts a year's mean off its middle where the rate changes, so the levels are moved by
 * that difference until the means agree (a few rounds: each moves the next ones by a fraction).
 */
function trendLevels(changes: readonly number[]): number[] {
  const steps = changes.map((c) => Math.log(1 + c / 100));
  const targets = [0];
  for (const step of steps) targets.push(targets[targets.length - 1] - step);
  const levels = [...targets];
  for (let round = 0; round < 30; round++) {
    const means = levels.map((_, y) => yearMean(levels, y));
    for (let y = 0; y < levels.length; y++) levels[y] += targets[y] - means[y];
  }
  return levels;
}

/**
 * The index by months before the as-of month (0 = the as-of month, 1 the month before…), 1 at 0:
 * the trend of trendLevels and the season by calendar month.
 */
function indexByMonthsBack(changes: readonly number[], amplitude: number, peak: number, asOfCalendarMonth: number): number[] {
  const levels = trendLevels(changes);
  const base = through(levels, 0) + season(amplitude, peak, asOfCalendarMonth);
  return Array.from({ length: TREND_MONTHS + 1 }, (_, k) => {
    const calendar = (((asOfCalendarMonth - k) % 12) + 12) % 12;
    return Math.exp(through(levels, k) + season(amplitude, peak, calendar) - base);
  });
}

interface Indexes {
  price: number[];
  rent: number[];
}
const byKey = new Map<string, MetroTrend>(METRO_TRENDS.map((t) => [`${t.city}|${t.state}`, t]));
const NATIONAL_TREND: MetroTrend = {
  city: '',
  state: '',
  priceChanges: yearlyChanges(COMPOSITE_20_RETURNS),
  priceSource: 'national',
  rentChanges: NATIONAL_RENT_CHANGES,
  rentSources: ['zori-national', 'zori-national', 'zori-national'],
};
let cachedAsOfMonth = -1;
const cache = new Map<string, Indexes>();

/** A city's trend (the national one for a city the demo does not have). */
export const metroTrend = (city: string, state: string): MetroTrend => byKey.get(`${city}|${state}`) ?? NATIONAL_TREND;

/** Months since year 0 of a YYYY-MM or YYYY-MM-DD date. */
const monthOf = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/**
 * A city's price and rent indexes by months before `asOf`'s month (YYYY-MM or YYYY-MM-DD), remembered
 * for one as-of month at a time (a load asks for them for every sale and lease).
 */
export function trendIndexes(city: string, state: string, asOf: string): Indexes {
  const asOfMonth = monthOf(asOf);
  if (asOfMonth !== cachedAsOfMonth) {
    cachedAsOfMonth = asOfMonth;
    cache.clear();
  }
  const key = `${city}|${state}`;
  let indexes = cache.get(key);
  if (!indexes) {
    const trend = metroTrend(city, state);
    const calendar = asOfMonth % 12;
    indexes = {
      price: indexByMonthsBack(trend.priceChanges, PRICE_SEASON_AMPLITUDE, PRICE_PEAK_MONTH, calendar),
      rent: indexByMonthsBack(trend.rentChanges, RENT_SEASON_AMPLITUDE, RENT_PEAK_MONTH, calendar),
    };
    cache.set(key, indexes);
  }
  return indexes;
}

const clampBack = (monthsBack: number) => Math.min(TREND_MONTHS, Math.max(0, monthsBack));

/** The house-price index of `month` (YYYY-MM or a day in it) in a city, 1 at `asOf`'s month. */
export function priceIndex(city: string, state: string, month: string, asOf: string): number {
  return trendIndexes(city, state, asOf).price[clampBack(monthOf(asOf) - monthOf(month))];
}

/** The rent index of `month` (YYYY-MM or a day in it) in a city, 1 at `asOf`'s month. */
export function rentIndex(city: string, state: string, month: string, asOf: string): number {
  return trendIndexes(city, state, asOf).rent[clampBack(monthOf(asOf) - monthOf(month))];
}
