import type { MapBounds } from '../geo/bounds';
import { MAX_AREA_DEGREES } from './trend-limits';

/** A visible area as GET /auth/market-trends/area takes it. */
export interface AreaBox {
  north: number;
  south: number;
  east: number;
  west: number;
}

/** Decimal places the area is asked at (about 110 m): a camera settling a few pixels away asks nothing new. */
const PLACES = 3;
const round = (value: number) => Number(value.toFixed(PLACES));

/** The map's view as the area it asks the trends of. */
export function areaBoxOf(bounds: MapBounds): AreaBox {
  return { north: round(bounds.ne.lat), south: round(bounds.sw.lat), east: round(bounds.ne.lng), west: round(bounds.sw.lng) };
}

/**
 * Whether the area is wider or taller than the server works trends out for (MAX_AREA_DEGREES). A view
 * across the antimeridian (east west of west) counts as too wide: only a view of half the world is.
 */
export function areaTooWide(box: AreaBox): boolean {
  return box.north - box.south > MAX_AREA_DEGREES || box.east - box.west > MAX_AREA_DEGREES || box.east <= box.west;
}
