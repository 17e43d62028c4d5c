import { sql, type RawBuilder, type Selectable, type SelectQueryBuilder } from 'kysely';
import { markerColorFor, type DealStatus } from '../../../shared/deal-status';
import { cellKey, cellsPerWorld, MERCATOR_MAX_LAT } from '../../../shared/geo/cluster-grid';
import type { MapBounds } from '../../../shared/schemas/geo';
import {
  RESULTS_BITS,
  type Comp,
  type Property,
  type PropertyCluster,
  type PropertySummaryRow,
  type SearchClustersAnswer,
  type SearchTopAnswer,
} from '../../../shared/schemas/property';
import type { SearchFilters, SearchSort, SortOrder } from '../../../shared/search-filters';
import type { StrategyKey } from '../../../shared/investor-types';
import type { Db } from '../../db/database';
import type { DB, PropertiesTable } from '../../db/schema';
import { isUuid } from '../../http/ids';

/**
 * Property and comp reads, with the spec's field names. Rows are mapped to the wire objects here;
 * the routes' response schemas serialise them.
 */

/** The columns of GET /property/:id: the spec's property fields and what the property page adds. */
const PROPERTY_COLUMNS = [
  'p.id',
  'p.list_price',
  'p.remarks',
  'p.beds',
  'p.baths_total',
  'p.baths_full',
  'p.baths_half',
  'p.baths_three_quarter',
  'p.area',
  'p.address_full',
  'p.city',
  'p.state',
  'p.zip',
  'p.longitude',
  'p.latitude',
  'p.marker_color',
  'p.comp_ids',
  'p.buy_hold',
  'p.brrrr',
  'p.fix_flip',
  'p.short_term',
  'p.deal_status',
  'p.confidence',
  'p.monthly_rent',
  'p.rehab_estimate',
  'p.arv_estimate',
  'p.nightly_rate',
  'p.inputs',
  'p.updated_at',
] as const;

type Column<C extends string> = C extends `p.${infer Name}` ? Name : never;
type PropertyRow = Pick<Selectable<PropertiesTable>, Column<(typeof PROPERTY_COLUMNS)[number]>>;

const DEFAULT_MARKER = markerColorFor('Market Price');

/** The estimate the engine used (stored inputs), else the feed's own. */
const used = (stored: number | undefined, feed: number | null): number | null => stored ?? feed;

function toProperty(p: PropertyRow): Property {
  return {
    _id: p.id,
    LatestListingPrice: p.list_price,
    PublicListingRemarks: p.remarks,
    BedroomsTotal: p.beds,
    BathroomsTotal: p.baths_total,
    BathroomsFull: p.baths_full,
    BathroomsHalf: p.baths_half,
    BathroomsThreeQuarter: p.baths_three_quarter,
    BuildingAreaTotal: p.area,
    PropertyAddressFull: p.address_full,
    PropertyAddressCity: p.city,
    PropertyAddressState: p.state,
    PropertyAddressZIP: p.zip,
    location: { type: 'Point', coordinates: [p.longitude, p.latitude] },
    markerColor: p.marker_color ?? DEFAULT_MARKER,
    compIDs: p.comp_ids,
    BuyHoldResults: p.buy_hold,
    BRRRRResults: p.brrrr,
    FixFlipResults: p.fix_flip,
    ShortTermResults: p.short_term,
    dealStatus: p.deal_status,
    confidence: p.confidence,
    monthlyRent: used(p.inputs?.monthlyRent, p.monthly_rent),
    rehabEstimate: used(p.inputs?.rehabEstimate, p.rehab_estimate),
    arvEstimate: used(p.inputs?.arvEstimate, p.arv_estimate),
    nightlyRate: used(p.inputs?.nightlyRate, p.nightly_rate),
    updatedAt: p.updated_at.toISOString(),
  };
}

/** One property with its market's assumption overrides (null when its city has no market or none are set). */
export async function findProperty(db: Db, id: string): Promise<Property | null> {
  const row = await db
    .selectFrom('properties as p')
    .select(PROPERTY_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('markets as m')
        .select('m.assumptions')
        .where(sql<boolean>`lower(m.city) = lower(p.city) and upper(m.state) = upper(p.state) and m.assumptions <> '{}'::jsonb`)
        .limit(1)
        .as('market_assumptions'),
    )
    .where('p.id', '=', id)
    .executeTakeFirst();
  return row ? { ...toProperty(row), marketAssumptions: row.market_assumptions ?? null } : null;
}

export async function findComps(db: Db, ids: string[]): Promise<Comp[]> {
  const rows = await db
    .selectFrom('sold_comps as s')
    .select([
      's.id',
      's.close_price',
      's.list_price',
      sql<string>`s.close_date::text`.as('close_date'),
      's.beds',
      's.baths_total',
      's.baths_full',
      's.baths_half',
      's.baths_three_quarter',
      's.area',
      's.address_full',
      's.city',
      's.state',
      's.zip',
      's.longitude',
      's.latitude',
    ])
    .where('s.id', 'in', ids)
    .execute();
  return rows.map((s) => ({
    _id: s.id,
    MLSSoldPrice: s.close_price,
    LatestListingPrice: s.list_price,
    closeDate: s.close_date,
    BedroomsTotal: s.beds,
    BathroomsTotal: s.baths_total,
    BathroomsFull: s.baths_full,
    BathroomsHalf: s.baths_half,
    BathroomsThreeQuarter: s.baths_three_quarter,
    BuildingAreaTotal: s.area,
    PropertyAddressFull: s.address_full,
    PropertyAddressCity: s.city,
    PropertyAddressState: s.state,
    PropertyAddressZIP: s.zip,
    location: { type: 'Point', coordinates: [s.longitude, s.latitude] },
  }));
}

/** Where the previous page ended in the search order, and how many came before. */
export interface SearchCursor {
  longitude: number;
  latitude: number;
  id: string;
  /** Properties on the pages before: the next page's first zIndex. */
  count: number;
}

export interface SearchPage {
  properties: PropertySummaryRow[];
  /** Where this page ended, or null when it was the last. */
  next: SearchCursor | null;
}

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

const selectSummary = <O>(query: PropertyScan<O>) => query.select(SUMMARY_COLUMNS).select(resultsBitsSql.as('results_bits'));

type SummaryRow = Pick<Selectable<PropertiesTable>, Column<(typeof SUMMARY_COLUMNS)[number]>> & { results_bits: number };

/** A stored cash-on-cash as the summary sends it: Infinity (no cash in, a return) as "Infinity", no figure as null. */
const figure = (coc: number | null) => (coc === Infinity ? 'Infinity' : coc);

/** A search row as its summary, mapped in Node (the yardstick of the JSON the database writes). */
function toSummaryRow(p: SummaryRow, zIndex: number): PropertySummaryRow {
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

type PropertyScan<O> = SelectQueryBuilder<DB & { p: PropertiesTable }, 'p', O>;

/** Each strategy's stored cash-on-cash (migration 0022: Infinity when no cash goes in, null without results). */
const CASH_ON_CASH_COLUMN = {
  buyHold: 'p.buy_hold_coc',
  brrrr: 'p.brrrr_coc',
  fixFlip: 'p.fix_flip_coc',
  shortTerm: 'p.short_term_coc',
} as const satisfies Record<StrategyKey, string>;

const cashOnCashSql = (strategy: StrategyKey) => sql.ref<number | null>(CASH_ON_CASH_COLUMN[strategy]);

/**
 * The properties a search looks at: those inside the bounds (checked on the (longitude, latitude, id)
 * btree) that pass the filters — the rules of `matchesFilters` in src/shared/search-filters.ts, in SQL.
 * The bounds pages, the clusters and the top of the view all scan through here, so they agree.
 */
function matching(bounds: MapBounds, filters: SearchFilters) {
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
 * One page of the properties inside the bounds, in (longitude, latitude, id) order: a keyset scan of
 * the (longitude, latitude, id) btree with the latitude range checked inside the index. One more
 * row than the page is read to know whether another page exists.
 */
export function searchQuery(db: Db, bounds: MapBounds, filters: SearchFilters, after: SearchCursor | null, limit: number) {
  let query = db.selectFrom('properties as p').$call(selectSummary).$call(matching(bounds, filters));
  if (after) {
    query = query.where(
      sql<boolean>`(p.longitude, p.latitude, p.id) > (${after.longitude}::float8, ${after.latitude}::float8, ${after.id}::uuid)`,
    );
  }
  return query
    .orderBy('p.longitude')
    .orderBy('p.latitude')
    .orderBy('p.id')
    .limit(limit + 1);
}

const GOOD: DealStatus = 'Good Deal';
const OVER: DealStatus = 'Overpriced';

/**
 * The properties inside the bounds grouped on the cluster grid of `zoom` (src/shared/geo/cluster-grid.ts,
 * the same formulas in SQL): per cell its count, mean position, extent, deal mix and price range.
 * One pass over the bounds range of the (longitude, latitude, id) index, then a hash aggregate.
 */
export function clustersQuery(db: Db, bounds: MapBounds, filters: SearchFilters, zoom: number) {
  const n = cellsPerWorld(zoom);
  const x = sql<number>`least(${n - 1}::float8, floor((p.longitude + 180) / 360 * ${n}::float8))::int`;
  const y = sql<number>`least(${n - 1}::float8, greatest(0::float8, floor(
    (1 - ln(tan(pi() / 4 + radians(least(greatest(p.latitude, ${-MERCATOR_MAX_LAT}::float8), ${MERCATOR_MAX_LAT}::float8)) / 2)) / pi()) / 2 * ${n}::float8
  )))::int`;
  return (
    db
      .selectFrom('properties as p')
      .$call(matching(bounds, filters))
      .select([
        x.as('cell_x'),
        y.as('cell_y'),
        sql<number>`count(*)::int`.as('count'),
        sql<number>`avg(p.latitude)`.as('lat'),
        sql<number>`avg(p.longitude)`.as('lng'),
        sql<number>`min(p.latitude)`.as('south'),
        sql<number>`max(p.latitude)`.as('north'),
        sql<number>`min(p.longitude)`.as('west'),
        sql<number>`max(p.longitude)`.as('east'),
        sql<number>`(count(*) filter (where p.deal_status = ${GOOD}))::int`.as('good'),
        sql<number>`(count(*) filter (where p.deal_status = ${OVER}))::int`.as('over'),
        sql<number>`min(p.list_price)`.as('min_price'),
        sql<number>`max(p.list_price)`.as('max_price'),
      ])
      // No ORDER BY: with one, the planner sorts every row for a group aggregate instead of hashing
      // them (the whole US at 1M listings on PGlite: 2.9 s sorted, 1.1 s hashed).
      .groupBy([sql`cell_x`, sql`cell_y`])
  );
}

export async function searchClusters(
  db: Db,
  bounds: MapBounds,
  filters: SearchFilters,
  zoom: number,
): Promise<SearchClustersAnswer> {
  const rows = await clustersQuery(db, bounds, filters, zoom).execute();
  let total = 0;
  const clusters = rows.map((r): PropertyCluster => {
    total += r.count;
    return {
      key: cellKey(zoom, r.cell_x, r.cell_y),
      count: r.count,
      center: { lat: r.lat, lng: r.lng },
      bounds: { ne: { lat: r.north, lng: r.east }, sw: { lat: r.south, lng: r.west } },
      good: r.good,
      market: r.count - r.good - r.over,
      over: r.over,
      minPrice: r.min_price,
      maxPrice: r.max_price,
    };
  });
  return { clusters, total, zoom };
}

/**
 * A search row (searchQuery's columns, as `r`) as the JSON array `toSummaryRow` makes of it, built by
 * the database: the page then reaches Node as one text value that goes out as it is (see
 * searchBoundsJson). json_build_array writes a float8 Infinity as the string "Infinity", as the summary
 * says it (a to_json or a CASE per figure would cost a tenth of the statement).
 */
const summaryRowJson = (zIndex: RawBuilder<number>) =>
  sql<string>`json_build_array(r.id, r.longitude, r.latitude, r.list_price, r.beds, r.baths_total, r.area,
    r.address_full, r.city, r.state, r.zip, coalesce(r.marker_color->>'background', ${DEFAULT_MARKER.background}::text),
    r.buy_hold_coc, r.brrrr_coc, r.fix_flip_coc, r.short_term_coc, r.results_bits, ${zIndex})`;

/**
 * One page of the bounds search (searchQuery's rows) as the JSON array of its properties, and where
 * it ended. The database writes the JSON, so Node neither parses 20 fields a row nor serialises them
 * again: with PostgreSQL that work runs in its own processes, beside Node's one thread; with PGlite
 * the page crosses from its thread as one value instead of 20,000 fields.
 */
export function searchPageJsonQuery(
  db: Db,
  bounds: MapBounds,
  filters: SearchFilters,
  after: SearchCursor | null,
  limit: number,
) {
  const offset = after?.count ?? 0;
  const rows = searchQuery(db, bounds, filters, after, limit)
    .select(sql<number>`row_number() over (order by p.longitude, p.latitude, p.id)`.as('rn'))
    .as('r');
  const inPage = sql<boolean>`r.rn <= ${limit}`;
  // The page's last row is the one numbered `limit` (a shorter page is the last one and needs no key):
  // a filtered max() reads it without sorting the page once more.
  const last = sql<boolean>`r.rn = ${limit}`;
  return db
    .selectFrom(rows)
    .select([
      sql<string>`coalesce(json_agg(${summaryRowJson(sql<number>`(${offset}::bigint + r.rn - 1)`)} order by r.rn) filter (where ${inPage}), '[]')::text`.as(
        'properties',
      ),
      sql<number>`count(*)::int`.as('rows'),
      sql<number | null>`max(r.longitude) filter (where ${last})`.as('last_longitude'),
      sql<number | null>`max(r.latitude) filter (where ${last})`.as('last_latitude'),
      sql<string | null>`max(r.id::text) filter (where ${last})`.as('last_id'),
    ]);
}

export interface SearchPageJson {
  /** The page's properties: a JSON array of PropertySummaryRow, as the database wrote it. */
  propertiesJson: string;
  next: SearchCursor | null;
}

export async function searchBoundsJson(
  db: Db,
  bounds: MapBounds,
  filters: SearchFilters,
  after: SearchCursor | null,
  limit: number,
): Promise<SearchPageJson> {
  const row = await searchPageJsonQuery(db, bounds, filters, after, limit).executeTakeFirstOrThrow();
  const more = row.rows > limit && row.last_id !== null && row.last_longitude !== null && row.last_latitude !== null;
  return {
    propertiesJson: row.properties,
    next: more
      ? { longitude: row.last_longitude!, latitude: row.last_latitude!, id: row.last_id!, count: (after?.count ?? 0) + limit }
      : null,
  };
}

/** The same page as wire objects mapped in Node (the bench's and the tests' yardstick for searchBoundsJson). */
export async function searchBounds(
  db: Db,
  bounds: MapBounds,
  filters: SearchFilters,
  after: SearchCursor | null,
  limit: number,
): Promise<SearchPage> {
  const rows = await searchQuery(db, bounds, filters, after, limit).execute();
  const offset = after?.count ?? 0;
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    properties: page.map((row, i) => toSummaryRow(row, offset + i)),
    next:
      rows.length > limit && last
        ? { longitude: last.longitude, latitude: last.latitude, id: last.id, count: offset + limit }
        : null,
  };
}

/** The value `type=top` ranks by, as SQL (the rules of `sortValue` in src/shared/search-filters.ts). */
function sortSql(sort: SearchSort, strategy: StrategyKey | undefined) {
  switch (sort) {
    case 'price':
      return sql<number>`p.list_price`;
    case 'pricePerSqft':
      return sql<number | null>`(p.list_price / nullif(p.area, 0))`;
    case 'deal':
      return sql<number>`(case p.deal_status when ${'Good Deal' satisfies DealStatus} then 0 when ${'Overpriced' satisfies DealStatus} then 2 else 1 end)`;
    case 'coc':
      return strategy ? cashOnCashSql(strategy) : sql<null>`null::float8`;
  }
}

export interface TopOptions {
  sort: SearchSort;
  order: SortOrder;
  strategy: StrategyKey | undefined;
  limit: number;
}

/**
 * The first `limit` properties of the view by the sort (nulls last either way, ties by id), and how
 * many pass the filters in all: the list beside the map when it shows clusters.
 */
export async function searchTop(
  db: Db,
  bounds: MapBounds,
  filters: SearchFilters,
  options: TopOptions,
): Promise<SearchTopAnswer> {
  const value = sortSql(options.sort, options.strategy);
  const direction = options.order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const [rows, count] = await Promise.all([
    db
      .selectFrom('properties as p')
      .$call(selectSummary)
      .$call(matching(bounds, filters))
      .orderBy(sql`${value} ${direction}`)
      .orderBy('p.id')
      .limit(options.limit)
      .execute(),
    db
      .selectFrom('properties as p')
      .$call(matching(bounds, filters))
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { properties: rows.map((row, i) => toSummaryRow(row, i)), total: count.n };
}

/** The largest count a paging token may carry. */
export const MAX_CURSOR_COUNT = Number.MAX_SAFE_INTEGER;

export function encodeCursor(c: SearchCursor): string {
  return Buffer.from(JSON.stringify([c.longitude, c.latitude, c.id, c.count])).toString('base64url');
}

/** The cursor of a paging token, or null when the token is not one of ours. */
export function decodeCursor(token: string): SearchCursor | null {
  try {
    const value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(value) || value.length !== 4) return null;
    const [longitude, latitude, id, count] = value as unknown[];
    if (typeof longitude !== 'number' || typeof latitude !== 'number' || typeof id !== 'string' || !isUuid(id)) return null;
    // A safe integer: the page's zIndex offset is a bigint parameter in SQL (1e21 would be sent as "1e+21").
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > MAX_CURSOR_COUNT) return null;
    return { longitude, latitude, id, count };
  } catch {
    return null;
  }
}
