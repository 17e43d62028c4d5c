/**
 * A view's box from its centre and zoom, and the zoom that fits a box, on the Web-Mercator world
 * Google Maps draws (256 · 2^zoom pixels wide): what the search without a map uses for the view a
 * map of that size would show.
 */
import type { LatLng, MapBounds } from '../schemas/geo';

const TILE = 256;
const MAX_LAT = 85.05112878;

const mercatorY = (lat: number): number => {
  const rad = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  return Math.log(Math.tan(Math.PI / 4 + rad / 2));
};
const latOfMercatorY = (y: number): number => (Math.atan(Math.sinh(y)) * 180) / Math.PI;

/** The box a `width` × `height` pixel view centred here shows at this zoom. */
export function boundsAround(center: LatLng, zoom: number, width: number, height: number): MapBounds {
  const worldPx = TILE * 2 ** zoom;
  const halfLng = ((width / 2) * 360) / worldPx;
  const halfY = ((height / 2) * 2 * Math.PI) / worldPx;
  const y = mercatorY(center.lat);
  return {
    ne: { lat: latOfMercatorY(y + halfY), lng: Math.min(180, center.lng + halfLng) },
    sw: { lat: latOfMercatorY(y - halfY), lng: Math.max(-180, center.lng - halfLng) },
  };
}

/** The largest whole zoom at which the box fits in a `width` × `height` pixel view (0 to 22). */
export function zoomToFit(bounds: MapBounds, width: number, height: number): number {
  const lngSpan = Math.max(1e-9, bounds.ne.lng - bounds.sw.lng);
  const ySpan = Math.max(1e-9, mercatorY(bounds.ne.lat) - mercatorY(bounds.sw.lat));
  const byWidth = Math.log2((width * 360) / (TILE * lngSpan));
  const byHeight = Math.log2((height * 2 * Math.PI) / (TILE * ySpan));
  return Math.max(0, Math.min(22, Math.floor(Math.min(byWidth, byHeight) + 1e-9)));
}

export const boundsCenter = (b: MapBounds): LatLng => ({
  lat: latOfMercatorY((mercatorY(b.ne.lat) + mercatorY(b.sw.lat)) / 2),
  lng: (b.ne.lng + b.sw.lng) / 2,
});
