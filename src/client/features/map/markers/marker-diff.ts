/** Pure marker bookkeeping: which properties get a marker, and what changes between two settles. */
import type { MapBounds } from '../../../../shared/geo/bounds';
import type { MapProperty } from '../map-types';

export interface KeyDiff {
  add: string[];
  remove: string[];
}

/** Markers are added or removed by key: wanted minus current, current minus wanted. */
export function diffKeys(current: Iterable<string>, wanted: Iterable<string>): KeyDiff {
  const currentSet = current instanceof Set ? (current as Set<string>) : new Set(current);
  const wantedSet = wanted instanceof Set ? (wanted as Set<string>) : new Set(wanted);
  const add: string[] = [];
  const remove: string[] = [];
  for (const id of wantedSet) if (!currentSet.has(id)) add.push(id);
  for (const id of currentSet) if (!wantedSet.has(id)) remove.push(id);
  return { add, remove };
}

/** The bounds grown by `margin` × the span on every side (clamped to valid coordinates). */
export function expandBounds(bounds: MapBounds, margin: number): MapBounds {
  const dLat = (bounds.ne.lat - bounds.sw.lat) * margin;
  const dLng = (bounds.ne.lng - bounds.sw.lng) * margin;
  return {
    ne: { lat: Math.min(90, bounds.ne.lat + dLat), lng: Math.min(180, bounds.ne.lng + dLng) },
    sw: { lat: Math.max(-90, bounds.sw.lat - dLat), lng: Math.max(-180, bounds.sw.lng - dLng) },
  };
}

/** [lat, lng] of a property, or null when its location is unusable. */
export function propertyLatLng(p: Pick<MapProperty, 'location'>): { lat: number; lng: number } | null {
  const c = p.location?.coordinates;
  if (!c || c.length < 2) return null;
  const [lng, lat] = c;
  return Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
}

/**
 * Ids of the properties inside the bounds grown by `margin` (a fraction of the span). Properties
 * outside keep no marker. Bounds that cross the antimeridian (west > east) wrap.
 */
export function idsInView(properties: Iterable<MapProperty>, bounds: MapBounds | null, margin: number): Set<string> {
  const ids = new Set<string>();
  if (!bounds) return ids;
  const b = expandBounds(bounds, margin);
  const wraps = b.sw.lng > b.ne.lng;
  for (const p of properties) {
    const c = p.location?.coordinates;
    if (!c) continue;
    const lng = c[0];
    const lat = c[1];
    if (lat < b.sw.lat || lat > b.ne.lat) continue;
    if (wraps ? lng < b.sw.lng && lng > b.ne.lng : lng < b.sw.lng || lng > b.ne.lng) continue;
    ids.add(p._id);
  }
  return ids;
}
