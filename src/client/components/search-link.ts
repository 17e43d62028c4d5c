import { zoomToFit } from '../../shared/geo/viewport';
import type { RecentSearch } from '../../shared/schemas/recent-searches';

/** The zoom a recent search opens at when it has no viewport (a street-level look around a point). */
export const RECENT_SEARCH_ZOOM = 14;
const MIN_ZOOM = 3;
const MAX_ZOOM = 18;
/** A typical map on the search page; the zoom is the largest at which the viewport fits in it. */
const MAP_SIZE = { width: 1024, height: 640 };
/**
 * The zoom at which `viewport` fits in a MAP_SIZE map (the zoom fitBounds would choose), within
 * 3..18; RECENT_SEARCH_ZOOM without a usable viewport.
 */
export function zoomForViewport(viewport: RecentSearch['viewport'] | null | undefined): number {
  if (!viewport) return RECENT_SEARCH_ZOOM;
  const { ne, sw } = viewport;
  if (!(ne.lat > sw.lat) || ne.lng === sw.lng) return RECENT_SEARCH_ZOOM;
  // Across the antimeridian the east edge is west of the west edge: fit the box that wraps.
  const box = ne.lng > sw.lng ? viewport : { ne: { lat: ne.lat, lng: ne.lng + 360 }, sw };
  return Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, zoomToFit(box, MAP_SIZE.width, MAP_SIZE.height)));
}

/**
 * `/app/search?lat=&lng=&zoom=` and the search's filters: the map back where the search left it
 * (camera-params.ts and search-settings.ts read them).
 */
export function searchUrlFor(
  search: Pick<RecentSearch, 'lat' | 'lng' | 'viewport'> & { filters?: RecentSearch['filters'] },
): string {
  const params = new URLSearchParams({
    lat: String(search.lat),
    lng: String(search.lng),
    zoom: String(zoomForViewport(search.viewport)),
    ...search.filters,
  });
  return `/app/search?${params}`;
}
