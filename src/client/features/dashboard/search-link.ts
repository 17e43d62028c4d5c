import type { RecentSearch } from '../map';

/** The zoom a recent search opens at when it has no viewport (a street-level look around a point). */
export const RECENT_SEARCH_ZOOM = 14;
const MIN_ZOOM = 3;
const MAX_ZOOM = 18;
/** A typical map on the search page; the zoom is the largest at which the viewport fits in it. */
const MAP_SIZE = { width: 1024, height: 640 };
/** Web Mercator: the world is 256 px wide at zoom 0. */
const WORLD_PX = 256;

/** A latitude's Mercator y in radians / 2, clamped at the poles. */
function mercatorY(lat: number): number {
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = Math.log((1 + sin) / (1 - sin)) / 2;
  return Math.max(Math.min(y, Math.PI), -Math.PI) / 2;
}

/**
 * The zoom at which `viewport` fits in a MAP_SIZE map (the zoom fitBounds would choose), within
 * 3..18; RECENT_SEARCH_ZOOM without a usable viewport.
 */
export function zoomForViewport(viewport: RecentSearch['viewport'] | null | undefined): number {
  if (!viewport) return RECENT_SEARCH_ZOOM;
  const { ne, sw } = viewport;
  const latFraction = (mercatorY(ne.lat) - mercatorY(sw.lat)) / Math.PI;
  const lngSpan = ne.lng - sw.lng;
  const lngFraction = (lngSpan < 0 ? lngSpan + 360 : lngSpan) / 360;
  if (!(latFraction > 0) || !(lngFraction > 0)) return RECENT_SEARCH_ZOOM;
  const fit = (px: number, fraction: number) => Math.floor(Math.log2(px / WORLD_PX / fraction));
  const zoom = Math.min(fit(MAP_SIZE.height, latFraction), fit(MAP_SIZE.width, lngFraction));
  return Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, zoom));
}

/** `/app/search?lat=&lng=&zoom=`: the map back where the search left it (camera-params.ts reads it). */
export function searchUrlFor(search: Pick<RecentSearch, 'lat' | 'lng' | 'viewport'>): string {
  const params = new URLSearchParams({
    lat: String(search.lat),
    lng: String(search.lng),
    zoom: String(zoomForViewport(search.viewport)),
  });
  return `/app/search?${params}`;
}
