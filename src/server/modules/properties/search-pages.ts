import { sql } from 'kysely';
import type { MapBounds } from '../../../shared/schemas/geo';
import type { PropertySummaryRow } from '../../../shared/schemas/property-search';
import type { SearchFilters } from '../../../shared/search-filters';
import type { Db } from '../../db/database';
import { isUuid } from '../../http/ids';
import { matching, selectSummary, summaryRowJson, toSummaryRow } from './search-scan';

/** `type=bounds`: keyset pages of the properties in the bounds, and the paging token between them. */

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
