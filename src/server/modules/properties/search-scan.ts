import { sql, type RawBuilder, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { MapBounds } from '../../../shared/schemas/geo';
import { RESULTS_BITS, type PropertySummaryRow } from '../../../shared/schemas/property';
import type { SearchFilters } from '../../../shared/search-filters';
import type { StrategyKey } from '../../../shared/vocabulary';
import type { DB, PropertiesTable } from '../../db/schema';
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
] as const;

/** The strategies-with-results bits (RESULTS_BITS) as SQL: a bit for each results column that is set. */
const resultsBitsSql = sql<number>`((p.buy_hold is not null)::int * ${RESULTS_BITS.buyHold} + (p.brrrr is not null)::int * ${RESULTS_BITS.brrrr}
  + (p.fix_flip is not null)::int * ${RESULTS_BITS.fixFlip} + (p.short_term is not null)::int * ${RESULTS_BITS.shortTerm})`;

export const selectSummary = <O>(query: PropertyScan<O>) =>
  query.select(SUMMARY_COLUMNS).select(resultsBitsSql.as('results_bits'));

export type SummaryRow = Pick<Selectable<PropertiesTable>, Column<(typeof SUMMARY_COLUMNS)[number]>> & { results_bits: number };

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
    zIndex,
  ];
}

export type PropertyScan<O> = SelectQueryBuilder<DB & { p: PropertiesTable }, 'p', O>;

/** Each strategy's stored cash-on-cash (migration 0022: Infinity when no cash goes in, null without results). */
const CASH_ON_CASH_COLUMN = {
  buyHold: 'p.buy_hold_coc',
  brrrr: 'p.brrrr_coc',
  fixFlip: 'p.fix_flip_coc',
  shortTerm: 'p.short_term_coc',
} as const satisfies Record<StrategyKey, string>;

export const cashOnCashSql = (strategy: StrategyKey) => sql.ref<number | null>(CASH_ON_CASH_COLUMN[strategy]);

/**
 * The properties a search looks at: those inside the bounds (checked on the (longitude, latitude, id)
 * btree) that pass the filters — the rules of `matchesFilters` in src/shared/search-filters.ts, in SQL.
 * The bounds pages, the clusters and the top of the view all scan through here, so they agree.
 */
export function matching(bounds: MapBounds, filters: SearchFilters) {
  return <O>(query: PropertyScan<O>): PropertyScan<O> => {
    let q = query
      .where('p.longitude', '>=', bounds.sw.lng)
      .where('p.longitude', '<=', bounds.ne.lng)
      .where('p.latitude', '>=', bounds.sw.lat)
      .where('p.latitude', '<=', bounds.ne.lat);
    if (filters.minPrice !== undefined) q = q.where('p.list_price', '>=', filters.minPrice);
    if (filters.maxPrice !== undefined) q = q.where('p.list_price', '<=', filters.maxPrice);
    if (filters.minBeds !== undefined) q = q.where('p.beds', '>=', filters.minBeds);
    if (filters.minBaths !== undefined) q = q.where('p.baths_total', '>=', filters.minBaths);
    if (filters.deal) q = q.where('p.deal_status', 'in', filters.deal);
    if (filters.strategy !== undefined && filters.minCoc !== undefined) {
      q = q.where(cashOnCashSql(filters.strategy), '>=', filters.minCoc);
    }
    return q;
  };
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
    r.buy_hold_coc, r.brrrr_coc, r.fix_flip_coc, r.short_term_coc, r.results_bits, ${zIndex})`;
