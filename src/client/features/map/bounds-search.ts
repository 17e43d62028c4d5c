/**
 * The map bounds search: 600 ms after the bounds change, and only when the
 * shared bounds rules hold, ask GET /searchProperties?type=bounds&zoom=&bounds= and follow `next`
 * until 'done', merging every page into the map slice. A newer bounds change cancels the sequence.
 * Failures are logged only.
 */
import { isSearchableBounds, type MapBounds } from '../../../shared/geo/bounds';
import { MERCATOR_MAX_LAT } from '../../../shared/geo/cluster-grid';
import { MAX_PAGES_PER_VIEW } from './map-constants';
import type { SearchClustersArgs, SearchPropertiesArgs, SearchPropertiesPage, MapProperty } from './map-types';

/** The request of a viewport, or null when the shared bounds rules do not hold. */
export function boundsSearchArgs(bounds: MapBounds | null | undefined, zoom: number): SearchPropertiesArgs | null {
  if (!isSearchableBounds(bounds)) return null;
  const json = JSON.stringify({
    ne: { lat: bounds.ne.lat, lng: bounds.ne.lng },
    sw: { lat: bounds.sw.lat, lng: bounds.sw.lng },
  });
  return { type: 'bounds', zoom: Math.round(zoom), bounds: json };
}

/**
 * The cluster request of a wide view: the bounds clamped to the Mercator world (a view across the
 * antimeridian, or wider than the world, asks for every longitude), the zoom rounded down.
 */
export function clusterSearchArgs(bounds: MapBounds | null | undefined, zoom: number): SearchClustersArgs | null {
  if (!bounds) return null;
  const north = Math.min(MERCATOR_MAX_LAT, bounds.ne.lat);
  const south = Math.max(-MERCATOR_MAX_LAT, bounds.sw.lat);
  let east = Math.min(180, bounds.ne.lng);
  let west = Math.max(-180, bounds.sw.lng);
  if (!(east > west)) {
    east = 180;
    west = -180;
  }
  const clamped = { ne: { lat: north, lng: east }, sw: { lat: south, lng: west } };
  if (!(north - south > 0.001 && east - west > 0.001)) return null;
  return { type: 'clusters', zoom: Math.max(0, Math.min(22, Math.floor(zoom))), bounds: JSON.stringify(clamped) };
}

export function boundsEqual(a: MapBounds | null | undefined, b: MapBounds | null | undefined): boolean {
  if (!a || !b) return a === b;
  return a.ne.lat === b.ne.lat && a.ne.lng === b.ne.lng && a.sw.lat === b.sw.lat && a.sw.lng === b.sw.lng;
}

export type FetchSearchPage = (args: SearchPropertiesArgs) => Promise<SearchPropertiesPage>;

/**
 * Follows the paging tokens until 'done' (or until `isCancelled()`), handing each page to `onPage`.
 * Resolves 'done', 'cancelled', or 'capped' when the view holds more than MAX_PAGES_PER_VIEW pages
 * (the map then shows server clusters for it). A failed page rejects.
 */
export async function runBoundsSearch(
  args: SearchPropertiesArgs,
  fetchPage: FetchSearchPage,
  onPage: (properties: MapProperty[]) => void,
  isCancelled: () => boolean,
): Promise<'done' | 'cancelled' | 'capped'> {
  let next: string | undefined;
  for (let page = 0; page < MAX_PAGES_PER_VIEW; page += 1) {
    if (isCancelled()) return 'cancelled';
    const result = await fetchPage(next ? { ...args, next } : args);
    if (isCancelled()) return 'cancelled';
    if (result.properties?.length) onPage(result.properties);
    if (!result.next || result.next === 'done' || result.next === next) return 'done';
    next = result.next;
  }
  return 'capped';
}
