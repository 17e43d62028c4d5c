import { sql, type RawBuilder, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { MapBounds } from '../../../shared/schemas/geo';
import { RESULTS_BITS, type PropertySummaryRow } from '../../../shared/schemas/property-search';
import type { SearchFilters } from '../../../shared/search-filters';
import { STRATEGY_KEYS, type StrategyKey } from '../../../shared/vocabulary';
import type { Tables, PropertiesTable } from '../../db/schema';
import { DEFAULT_MARKER, type Column } from './property-reads';

/**
 * What every map search shares: the properties it scans (the bounds and the filters) and a
 * property's summary row, mapped in Node or written as JSON by the database.
 */

/**
 * What a search reads of a property for its summary (PropertySummaryRow): the columns, and which
 * strategies have results (not the results themselves: an IS NULL reads no more than the row's null map).
 */
const SUMMARY_COLUMNS = [
  'p.id',
  'p.longitude',
  'p.latitude',
  'p.list_price',
  'p.beds',
  'p.baths_total',
  'p.area',
  'p.address_full',
  'p.city',
  'p.state',
  'p.zip',
  'p.marker_color',
  'p.buy_hold_coc',
  'p.brrrr_coc',
  'p.fix_flip_coc',
  'p.short_term_coc',
  'p.price_cut_percent',
  'p.value_gap_percent',
] as const;

/** The strategies-with-results bits (RESULTS_BITS) as SQL: a bit for each results column that is set. */
const resultsBitsSql = sql<number>`((p.buy_hold is not null)::int * ${RESULTS_BITS.buyHold} + (p.brrrr is not null)::int * ${RESULTS_BITS.brrrr}
  + (p.fix_flip is not null)::int * ${RESULTS_BITS.fixFlip} + (p.short_term is not null)::int * ${RESULTS_BITS.shortTerm})`;

/** Days on market and since the last price change, as of today (null when the date is unknown). */
export const daysOnMarketSql = sql<number | null>`(current_date - p.on_market_date)`;
const priceChangeDaysSql = sql<number | null>`(current_date - p.price_changed_at::date)`;

export const selectSummary = <O>(query: PropertyScan<O>) =>
  query
    .select(SUMMARY_COLUMNS)
    .select(resultsBitsSql.as('results_bits'))
    .select(daysOnMarketSql.as('days_on_market'))
    .select(priceChangeDaysSql.as('price_change_days'));

export type SummaryRow = Pick<Selectable<PropertiesTable>, Column<(typeof SUMMARY_COLUMNS)[number]>> & {
  results_bits: number;
  days_on_market: number | null;
  price_change_days: number | null;
};

/** A stored cash-on-cash as the summary sends it: Infinity (no cash in, a return) as "Infinity", no figure as null. */
const figure = (coc: number | null) => (coc === Infinity ? 'Infinity' : coc);

/** A search row as its summary, mapped in Node (the yardstick of the JSON the database writes). */
export function toSummaryRow(p: SummaryRow, zIndex: number): PropertySummaryRow {
  return [
    p.id,
    p.longitude,
    p.latitude,
    p.list_price,
    p.beds,
    p.baths_total,
    p.area,
    p.address_full,
    p.city,
    p.state,
    p.zip,
    p.marker_color?.background ?? DEFAULT_MARKER.background,
    figure(p.buy_hold_coc),
    figure(p.brrrr_coc),
    figure(p.fix_flip_coc),
    figure(p.short_term_coc),
    p.results_bits,
    p.days_on_market,
    p.price_cut_percent,
    p.price_change_days,
    p.value_gap_percent,
    zIndex,
  ];
}

export type PropertyScan<O> = SelectQueryBuilder<Tables & { p: PropertiesTable }, 'p', O>;

/** Each strategy's stored cash-on-cash (migration 0022: Infinity when no cash goes in, null without results). */
const CASH_ON_CASH_COLUMN = {
  buyHold: 'p.buy_hold_coc',
  brrrr: 'p.brrrr_coc',
  fixFlip: 'p.fix_flip_coc',
  shortTerm: 'p.short_term_coc',
} as const satisfies Record<StrategyKey, string>;

export const cashOnCashSql = (strategy: StrategyKey) => sql.ref<number | null>(CASH_ON_CASH_COLUMN[strategy]);

/** A filter's value in SQL: a search's constant, or a saved search's column (null there: the filter is off). */
type Operand = RawBuilder<unknown>;

/**
 * The filters' rules over a property `p` — those of `matchesFilters` in src/shared/search-filters.ts —
 * written once for both of their users: a search, whose values are constants (`matching`), and the
 * alerts' matcher, whose values are the columns of every saved search at once (`savedSearchMatchSql`).
 */
const FILTER_RULES = {
  minPrice: (v: Operand) => sql<boolean>`p.list_price >= ${v}`,
  maxPrice: (v: Operand) => sql<boolean>`p.list_price <= ${v}`,
  minBeds: (v: Operand) => sql<boolean>`p.beds >= ${v}`,
  minBaths: (v: Operand) => sql<boolean>`p.baths_total >= ${v}`,
  deal: (v: Operand) => sql<boolean>`p.deal_status = any(${v}::text[])`,
  minDays: (v: Operand) => sql<boolean>`p.on_market_date <= current_date - ${v}::int`,
  maxDays: (v: Operand) => sql<boolean>`p.on_market_date >= current_date - ${v}::int`,
  minCut: (v: Operand) => sql<boolean>`p.price_cut_percent > 0 and p.price_cut_percent >= ${v}`,
  minBelowValue: (v: Operand) => sql<boolean>`p.value_gap_percent <= -${v}::float8`,
} satisfies Partial<Record<keyof SearchFilters, (v: Operand) => RawBuilder<boolean>>>;

/** The saved_searches column (migration 0028) of each rule's filter. */
const SAVED_SEARCH_COLUMN: Record<keyof typeof FILTER_RULES, string> = {
  minPrice: 'min_price',
  maxPrice: 'max_price',
  minBeds: 'min_beds',
  minBaths: 'min_baths',
  deal: 'deal',
  minDays: 'min_days',
  maxDays: 'max_days',
  minCut: 'min_cut',
  minBelowValue: 'min_below_value',
};

/**
 * The properties a search looks at: the listed ones (not off market: the condition of the partial
 * `properties_map_idx`, migration 0032, which the planner needs to see to use it) inside the bounds
 * (checked on that (longitude, latitude, id) btree) that pass the filters (FILTER_RULES, and the
 * minimum cash-on-cash of the strategy). The bounds pages, the clusters, the top of the view and the
 * returns heat map all scan through here, so they agree. `listedOnly: false` is for a scan of the
 * returns copy, which holds the listed ones alone and has no off-market column.
 */
export function matching(bounds: MapBounds, filters: SearchFilters, { listedOnly = true }: { listedOnly?: boolean } = {}) {
  return <O>(query: PropertyScan<O>): PropertyScan<O> => {
    let q = listedOnly ? query.where('p.off_market_at', 'is', null) : query;
    q = q
      .where('p.longitude', '>=', bounds.sw.lng)
      .where('p.longitude', '<=', bounds.ne.lng)
      .where('p.latitude', '>=', bounds.sw.lat)
      .where('p.latitude', '<=', bounds.ne.lat);
    for (const name of Object.keys(FILTER_RULES) as Array<keyof typeof FILTER_RULES>) {
      const value = filters[name];
      if (value !== undefined) q = q.where(FILTER_RULES[name](sql.val(value)));
    }
    if (filters.strategy !== undefined && filters.minCoc !== undefined) {
      q = q.where(cashOnCashSql(filters.strategy), '>=', filters.minCoc);
    }
    return q;
  };
}

/** A strategy's stored cash-on-cash chosen by a saved search's `strategy` column. */
export const savedStrategyCocSql = (search: string) =>
  sql<number | null>`(case ${sql.ref(`${search}.strategy`)} ${sql.join(
    STRATEGY_KEYS.map((key) => sql`when ${key} then ${cashOnCashSql(key)}`),
    sql` `,
  )} end)`;

/**
 * True where property `p` passes every filter of the saved search `search` (a saved_searches row):
 * listed (not off market), inside its view, and each filter whose column is set. The same rules as
 * `matching`.
 */
export function savedSearchMatchSql(search: string): RawBuilder<boolean> {
  const col = (name: string) => sql.ref(`${search}.${name}`);
  const conditions = [
    sql<boolean>`p.off_market_at is null`,
    sql<boolean>`p.longitude between ${col('west')} and ${col('east')} and p.latitude between ${col('south')} and ${col('north')}`,
    ...(Object.keys(FILTER_RULES) as Array<keyof typeof FILTER_RULES>).map((name) => {
      const column = col(SAVED_SEARCH_COLUMN[name]);
      return sql<boolean>`(${column} is null or ${FILTER_RULES[name](column)})`;
    }),
    sql<boolean>`(${col('min_coc')} is null or ${savedStrategyCocSql(search)} >= ${col('min_coc')})`,
  ];
  return sql<boolean>`(${sql.join(conditions, sql` and `)})`;
}

/**
 * A search row (searchQuery's columns, as `r`) as the JSON array `toSummaryRow` makes of it, built by
 * the database: the page then reaches Node as one text value that goes out as it is (see
 * searchBoundsJson). json_build_array writes a float8 Infinity as the string "Infinity", as the summary
 * says it (a to_json or a CASE per figure would cost a tenth of the statement).
 */
export const summaryRowJson = (zIndex: RawBuilder<number>) =>
  sql<string>`json_build_array(r.id, r.longitude, r.latitude, r.list_price, r.beds, r.baths_total, r.area,
    r.address_full, r.city, r.state, r.zip, coalesce(r.marker_color->>'background', ${DEFAULT_MARKER.background}::text),
    r.buy_hold_coc, r.brrrr_coc, r.fix_flip_coc, r.short_term_coc, r.results_bits,
    r.days_on_market, r.price_cut_percent, r.price_change_days, r.value_gap_percent, ${zIndex})`;
