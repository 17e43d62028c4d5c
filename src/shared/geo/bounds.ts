/**
 * Map bounds rules. The map searches only when every bound is present, north is
 * greater than south, east is greater than west, each span is greater than 0.001 and less than 10
 * degrees, latitudes are within -90..90 and longitudes within -180..180. The client uses this to
 * decide whether to search; the server answers 400 with these messages.
 */
import type { MapBounds } from '../schemas/geo';

export type { LatLng, MapBounds } from '../schemas/geo';

export const MIN_SPAN_DEGREES = 0.001;
export const MAX_SPAN_DEGREES = 10;

export const BOUNDS_MESSAGES = {
  missing: (names: string[]) => `Bounds are incomplete: ${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} missing`,
  northSouth: 'North (ne.lat) must be greater than south (sw.lat)',
  eastWest: 'East (ne.lng) must be greater than west (sw.lng)',
  latSpanSmall: 'The latitude span must be greater than 0.001 degrees',
  latSpanLarge: 'The latitude span must be less than 10 degrees',
  lngSpanSmall: 'The longitude span must be greater than 0.001 degrees',
  lngSpanLarge: 'The longitude span must be less than 10 degrees',
  latRange: 'Latitudes must be within -90..90',
  lngRange: 'Longitudes must be within -180..180',
} as const;

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function read(bounds: unknown, corner: 'ne' | 'sw', axis: 'lat' | 'lng'): unknown {
  if (!bounds || typeof bounds !== 'object') return undefined;
  const c = (bounds as Record<string, unknown>)[corner];
  if (!c || typeof c !== 'object') return undefined;
  return (c as Record<string, unknown>)[axis];
}

/**
 * Every rule the bounds break, as messages (empty when the bounds are fine). `type=clusters` has no
 * span limit (`maxSpan: false`): any box up to the whole world, its size limited by the grid instead.
 */
export function boundsProblems(bounds: unknown, { maxSpan = true }: { maxSpan?: boolean } = {}): string[] {
  const values = {
    'ne.lat': read(bounds, 'ne', 'lat'),
    'ne.lng': read(bounds, 'ne', 'lng'),
    'sw.lat': read(bounds, 'sw', 'lat'),
    'sw.lng': read(bounds, 'sw', 'lng'),
  };
  const missing = Object.entries(values)
    .filter(([, v]) => !isNumber(v))
    .map(([k]) => k);
  if (missing.length) return [BOUNDS_MESSAGES.missing(missing)];
  const north = values['ne.lat'] as number;
  const east = values['ne.lng'] as number;
  const south = values['sw.lat'] as number;
  const west = values['sw.lng'] as number;

  const problems: string[] = [];
  if (north < -90 || north > 90 || south < -90 || south > 90) problems.push(BOUNDS_MESSAGES.latRange);
  if (east < -180 || east > 180 || west < -180 || west > 180) problems.push(BOUNDS_MESSAGES.lngRange);
  if (!(north > south)) problems.push(BOUNDS_MESSAGES.northSouth);
  else if (!(north - south > MIN_SPAN_DEGREES)) problems.push(BOUNDS_MESSAGES.latSpanSmall);
  else if (maxSpan && !(north - south < MAX_SPAN_DEGREES)) problems.push(BOUNDS_MESSAGES.latSpanLarge);
  if (!(east > west)) problems.push(BOUNDS_MESSAGES.eastWest);
  else if (!(east - west > MIN_SPAN_DEGREES)) problems.push(BOUNDS_MESSAGES.lngSpanSmall);
  else if (maxSpan && !(east - west < MAX_SPAN_DEGREES)) problems.push(BOUNDS_MESSAGES.lngSpanLarge);
  return problems;
}

/** True when the map may search these bounds. */
export function isSearchableBounds(bounds: unknown): bounds is MapBounds {
  return boundsProblems(bounds).length === 0;
}

/** Whether a point is inside the bounds (edges included; bounds across the antimeridian wrap). */
export function pointInBounds(point: { lat: number; lng: number }, bounds: MapBounds): boolean {
  const { sw, ne } = bounds;
  if (point.lat < sw.lat || point.lat > ne.lat) return false;
  return sw.lng <= ne.lng ? point.lng >= sw.lng && point.lng <= ne.lng : point.lng >= sw.lng || point.lng <= ne.lng;
}
