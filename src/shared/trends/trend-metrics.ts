import { formatCurrency, formatInteger, MISSING } from '../format';
import type { TrendMonth } from '../schemas/market-trends';

/** What a chart can draw: a figure with its count, or a plain count. */
export type ChartMetric = Exclude<keyof TrendMonth, 'month'>;

export interface MetricSpec {
  key: ChartMetric;
  /** The chart's title. */
  title: string;
  /** What the count under a value counts ("sales", "listings"). */
  counted: string;
  /** A value in words and digits: "$412,000", "48 days". */
  format: (value: number) => string;
  /** The axis' short form. */
  tick: (value: number) => string;
}

const money = (value: number) => formatCurrency(value);
const moneyShort = (value: number) =>
  value >= 1_000_000
    ? `$${(value / 1_000_000).toFixed(1)}M`
    : value >= 10_000
      ? `$${Math.round(value / 1000)}k`
      : formatCurrency(value);
const perSqft = (digits: number) => (value: number) => `${formatCurrency(value, digits)}/sq ft`;
const percent = (digits: number) => (value: number) => `${value.toFixed(digits)}\u00a0%`;

export const METRICS: Record<ChartMetric, MetricSpec> = {
  soldPrice: { key: 'soldPrice', title: 'Median sold price', counted: 'sales', format: money, tick: moneyShort },
  soldPricePerSqft: { key: 'soldPricePerSqft', title: 'Median sold $/sq ft', counted: 'sales', format: perSqft(0), tick: money },
  listPrice: { key: 'listPrice', title: 'Median list price', counted: 'listings', format: money, tick: moneyShort },
  listPricePerSqft: {
    key: 'listPricePerSqft',
    title: 'Median list $/sq ft',
    counted: 'listings',
    format: perSqft(0),
    tick: money,
  },
  saleToListPercent: {
    key: 'saleToListPercent',
    title: 'Sale-to-list price',
    counted: 'sales',
    format: percent(1),
    tick: percent(0),
  },
  rent: { key: 'rent', title: 'Median rent', counted: 'leases', format: (v) => `${money(v)}/mo`, tick: money },
  rentPerSqft: {
    key: 'rentPerSqft',
    title: 'Median rent $/sq ft',
    counted: 'leases',
    format: perSqft(2),
    tick: (v) => formatCurrency(v, 2),
  },
  grossYieldPercent: {
    key: 'grossYieldPercent',
    title: 'Gross yield',
    counted: 'sales or leases',
    format: percent(2),
    tick: percent(1),
  },
  activeListings: {
    key: 'activeListings',
    title: 'Active listings',
    counted: 'listings',
    format: formatInteger,
    tick: formatInteger,
  },
  newListings: { key: 'newListings', title: 'New listings', counted: 'listings', format: formatInteger, tick: formatInteger },
  daysOnMarket: {
    key: 'daysOnMarket',
    title: 'Median days on market',
    counted: 'listings',
    format: (v) => `${Math.round(v)} days`,
    tick: (v) => String(Math.round(v)),
  },
  priceCutPercent: {
    key: 'priceCutPercent',
    title: 'Listings with a price cut',
    counted: 'listings',
    format: percent(1),
    tick: percent(0),
  },
  monthsOfSupply: {
    key: 'monthsOfSupply',
    title: 'Months of supply',
    counted: 'sales',
    format: (v) => `${v.toFixed(1)} months`,
    tick: (v) => v.toFixed(1),
  },
};

/** The charts in groups, as the Markets page shows them. */
export const METRIC_GROUPS: ReadonlyArray<{ key: string; title: string; metrics: readonly ChartMetric[] }> = [
  {
    key: 'prices',
    title: 'Prices',
    metrics: ['soldPricePerSqft', 'soldPrice', 'listPricePerSqft', 'listPrice', 'saleToListPercent'],
  },
  { key: 'rents', title: 'Rents', metrics: ['rent', 'rentPerSqft', 'grossYieldPercent'] },
  {
    key: 'supply',
    title: 'Supply and demand',
    metrics: ['activeListings', 'newListings', 'daysOnMarket', 'priceCutPercent', 'monthsOfSupply'],
  },
];

/** A month's value of a metric: the figure's (null when too few records) or the count itself. */
export function metricValue(month: TrendMonth, metric: ChartMetric): number | null {
  const v = month[metric];
  return typeof v === 'number' ? v : v.value;
}

/** The count behind a month's value of a metric. */
export function metricCount(month: TrendMonth, metric: ChartMetric): number {
  const v = month[metric];
  return typeof v === 'number' ? v : v.count;
}

/** A table cell: the value, or why there is none ("Too few (3 sales)"). */
export function metricCell(month: TrendMonth, metric: ChartMetric): string {
  const value = metricValue(month, metric);
  if (value !== null) return METRICS[metric].format(value);
  const count = metricCount(month, metric);
  return count === 0 ? MISSING : `Too few (${formatInteger(count)} ${METRICS[metric].counted})`;
}

/** "Nov 2026" */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1]} ${y}`;
}

/** The market id of a place the geocoder found: `city:austin|TX` or `zip:78701`. */
export function marketIdOf(place: { kind: 'city' | 'zip'; city: string; state: string; zip: string | null }): string {
  return place.kind === 'zip' && place.zip ? `zip:${place.zip}` : `city:${place.city.toLowerCase()}|${place.state.toUpperCase()}`;
}

/** A listing's asking price per square foot, or null without an area. */
export const pricePerSqft = (p: { LatestListingPrice: number; BuildingAreaTotal: number | null }): number | null =>
  p.BuildingAreaTotal ? p.LatestListingPrice / p.BuildingAreaTotal : null;
