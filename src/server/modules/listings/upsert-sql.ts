import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { boundingBox } from '../../../shared/geo/distance';
import type { Db } from '../../db/database';
import { COLUMN_TYPES } from './feed-records';

/**
 * The SQL pieces the feed's batched upserts share (listings, sold comps, leases, off-market marks),
 * and the marks for recomputation a changed sale or lease asks for (docs/listings.md).
 */

export const recordset = (columns: readonly string[], extra: Record<string, string> = {}) =>
  sql.raw([...columns.map((c) => `${c} ${COLUMN_TYPES[c]}`), ...Object.entries(extra).map(([c, t]) => `${c} ${t}`)].join(', '));

export const columnList = (columns: readonly string[], prefix = '') => sql.raw(columns.map((c) => prefix + c).join(', '));

/** The last record of each key wins (one statement cannot touch a row twice). */
export function lastPerKey<T extends { listing_key: string }>(records: readonly T[]): T[] {
  const byKey = new Map<string, T>();
  for (const r of records) {
    byKey.delete(r.listing_key);
    byKey.set(r.listing_key, r);
  }
  return [...byKey.values()];
}

/**
 * The rows with a new id each, used by those inserted (an update keeps its row's id). Made here, not
 * by the column's default: PGlite's gen_random_uuid() takes ~4 µs a row (its random bytes come from
 * JavaScript), a tenth of a first import's database time; Node's randomUUID() well under 1 µs.
 */
export function withNewIds<T extends object>(rows: readonly T[]): Array<T & { id: string }> {
  return rows.map((row) => ({ ...row, id: randomUUID() }));
}

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

/**
 * Marks for recomputation the listings within `radiusMiles` of these places (a changed sale's or
 * lease's new and old locations: the listings that could gain or lose it as a comp). Each box is
 * looked up in the partial GiST index of the listings not yet marked (migration 0019): two-dimensional,
 * and empty while a first import's new listings all wait for their computation anyway (the upserts
 * then skip this, probing it with ANY_CLEAN_LISTING: the boxes' join cost ~50 ms a batch of 5,000 on PGlite).
 */
export async function markListingsNear(
  db: Db,
  places: ReadonlyArray<{ latitude: number; longitude: number }>,
  radiusMiles: number,
): Promise<void> {
  if (!places.length) return;
  const boxes = places.map((s) => boundingBox(s.latitude, s.longitude, radiusMiles * 1.01));
  await sql`
    update properties p set needs_recompute = true
    from json_to_recordset(${JSON.stringify(boxes)}::json) as b(south float8, north float8, west float8, east float8)
    where not p.needs_recompute and point(p.longitude, p.latitude) <@ box(point(b.west, b.south), point(b.east, b.north))`.execute(
    db,
  );
}

/** Whether any listing is not marked for recomputation: a probe of markListingsNear's partial index. */
export const ANY_CLEAN_LISTING = sql<boolean>`exists (select 1 from properties where not needs_recompute
  and point(longitude, latitude) <@ box(point(-180, -90), point(180, 90)))`;

/** The [id, latitude, longitude] places of an upsert's JSON text (json_agg of json_build_array), none for null. */
export const placesOf = (...texts: Array<string | null>) =>
  texts
    .flatMap((text) => (text ? (JSON.parse(text) as Array<[string, number, number]>) : []))
    .map(([, latitude, longitude]) => ({ latitude, longitude }));
