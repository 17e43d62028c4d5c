import { sql, type RawBuilder } from 'kysely';
import { markerColorFor } from '../../../shared/deal-status';
import type { MapBounds } from '../../../shared/geo/bounds';
import type { AnyDb } from '../listings/repository';

/**
 * Property and comp reads. The wire objects (spec section 3 names) are built by PostgreSQL with
 * json_build_object, so a search page leaves the database as one JSON text and is sent without
 * being parsed and re-serialised in Node.
 */
const DEFAULT_MARKER = JSON.stringify(markerColorFor('Market Price'));

function input(column: string, key: string): string {
  return `coalesce((p.inputs->>'${key}')::float8, p.${column})`;
}

/** The property as the API returns it; `zIndex` is added by the search. */
function propertyObject(zIndex?: RawBuilder<unknown>): RawBuilder<unknown> {
  const fields = `
    '_id', p.id,
    'ListingKey', p.listing_key,
    'LatestListingPrice', p.list_price,
    'PublicListingRemarks', p.remarks,
    'BedroomsTotal', p.beds,
    'BathroomsTotal', p.baths_total,
    'BathroomsFull', p.baths_full,
    'BathroomsHalf', p.baths_half,
    'BathroomsThreeQuarter', p.baths_three_quarter,
    'BuildingAreaTotal', p.area,
    'PropertyAddressFull', p.address_full,
    'PropertyAddressCity', p.city,
    'PropertyAddressState', p.state,
    'PropertyAddressZIP', p.zip,
    'location', json_build_object('type', 'Point', 'coordinates', json_build_array(p.longitude, p.latitude)),
    'markerColor', coalesce(p.marker_color, '${DEFAULT_MARKER}'::jsonb),
    'dealStatus', p.deal_status,
    'compIDs', to_json(p.comp_ids),
    'confidence', p.confidence,
    'monthlyRent', ${input('monthly_rent', 'monthlyRent')},
    'rehabEstimate', ${input('rehab_estimate', 'rehabEstimate')},
    'arvEstimate', ${input('arv_estimate', 'arvEstimate')},
    'nightlyRate', ${input('nightly_rate', 'nightlyRate')},
    'BuyHoldResults', p.buy_hold,
    'BRRRRResults', p.brrrr,
    'FixFlipResults', p.fix_flip,
    'ShortTermResults', p.short_term,
    'updatedAt', p.updated_at`;
  return zIndex ? sql`json_build_object(${sql.raw(fields)}, 'zIndex', ${zIndex})` : sql`json_build_object(${sql.raw(fields)})`;
}

/** One property with its market's assumption overrides (null when its city has no market or none are set). */
export async function findProperty(db: AnyDb, id: string): Promise<unknown | null> {
  const row = await sql<{ property: Record<string, unknown>; market_assumptions: object | null }>`
    select ${propertyObject()} as property,
      (select m.assumptions from markets m
        where lower(m.city) = lower(p.city) and upper(m.state) = upper(p.state) and m.assumptions <> '{}'::jsonb
        limit 1) as market_assumptions
    from properties p where p.id = ${id}::uuid`.execute(db);
  const found = row.rows[0];
  return found ? { ...found.property, marketAssumptions: found.market_assumptions } : null;
}

export async function findComps(db: AnyDb, ids: string[]): Promise<Array<Record<string, unknown>>> {
  const rows = await sql<{ comp: Record<string, unknown> }>`
    select json_build_object(
      '_id', s.id,
      'ListingKey', s.listing_key,
      'MLSSoldPrice', s.close_price,
      'LatestListingPrice', s.list_price,
      'closeDate', s.close_date::text,
      'BedroomsTotal', s.beds,
      'BathroomsTotal', s.baths_total,
      'BathroomsFull', s.baths_full,
      'BathroomsHalf', s.baths_half,
      'BathroomsThreeQuarter', s.baths_three_quarter,
      'BuildingAreaTotal', s.area,
      'PropertyAddressFull', s.address_full,
      'PropertyAddressCity', s.city,
      'PropertyAddressState', s.state,
      'PropertyAddressZIP', s.zip,
      'location', json_build_object('type', 'Point', 'coordinates', json_build_array(s.longitude, s.latitude))
    ) as comp
    from sold_comps s where s.id in (select x::uuid from json_array_elements_text(${JSON.stringify(ids)}::json) as x)`.execute(
    db,
  );
  return rows.rows.map((r) => r.comp);
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
  /** The page's properties as a JSON array text. */
  itemsJson: string;
  /** Where this page ended, or null when it was the last. */
  next: SearchCursor | null;
}

/**
 * One page of the properties inside the bounds, in (longitude, latitude, id) order: a keyset scan of
 * the (longitude, latitude, id) btree with the latitude range checked inside the index. One more
 * row than the page is read to know whether another page exists.
 */
export function searchQuery(bounds: MapBounds, after: SearchCursor | null, limit: number) {
  const cursor = after
    ? sql`and (p.longitude, p.latitude, p.id) > (${after.longitude}::float8, ${after.latitude}::float8, ${after.id}::uuid)`
    : sql``;
  const offset = after?.count ?? 0;
  return sql<{ items: string; n: number; last: [number, number, string] | null }>`
    with page as (
      select p.*, row_number() over () as rn from (
        select p.* from properties p
        where p.longitude between ${bounds.sw.lng}::float8 and ${bounds.ne.lng}::float8
          and p.latitude between ${bounds.sw.lat}::float8 and ${bounds.ne.lat}::float8
          ${cursor}
        order by p.longitude, p.latitude, p.id
        limit ${limit + 1}
      ) p
    )
    select
      (select coalesce(json_agg(${propertyObject(sql`${offset}::int + p.rn::int - 1`)} order by p.rn), '[]'::json)::text
         from page p where p.rn <= ${limit}) as items,
      (select count(*)::int from page) as n,
      (select json_build_array(p.longitude, p.latitude, p.id) from page p where p.rn = ${limit}) as last`;
}

export async function searchBounds(db: AnyDb, bounds: MapBounds, after: SearchCursor | null, limit: number): Promise<SearchPage> {
  const result = await searchQuery(bounds, after, limit).execute(db);
  const row = result.rows[0];
  const more = row.n > limit && row.last;
  return {
    itemsJson: row.items,
    next: more ? { longitude: row.last![0], latitude: row.last![1], id: row.last![2], count: (after?.count ?? 0) + limit } : null,
  };
}

export function encodeCursor(c: SearchCursor): string {
  return Buffer.from(JSON.stringify([c.longitude, c.latitude, c.id, c.count])).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** The cursor of a paging token, or null when the token is not one of ours. */
export function decodeCursor(token: string): SearchCursor | null {
  try {
    const value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(value) || value.length !== 4) return null;
    const [longitude, latitude, id, count] = value;
    if (typeof longitude !== 'number' || typeof latitude !== 'number' || typeof id !== 'string' || !isUuid(id)) return null;
    if (!Number.isInteger(count) || count < 0) return null;
    return { longitude, latitude, id, count };
  } catch {
    return null;
  }
}
