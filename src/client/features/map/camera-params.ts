/** The search page's URL: `?place=<text>` (landing page) or `?lat=&lng=&zoom=` (dashboard links). */
import { DEFAULT_CENTER, DEFAULT_ZOOM } from './map-constants';

export interface InitialCamera {
  center: google.maps.LatLngLiteral;
  zoom: number;
  /** True when the URL gave the centre. */
  fromUrl: boolean;
}

const num = (value: string | null): number | null => {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/** lat within -90..90 and lng within -180..180 centre the map; zoom 1..22 (default 18). */
export function cameraFromParams(params: URLSearchParams): InitialCamera {
  const lat = num(params.get('lat'));
  const lng = num(params.get('lng'));
  const zoomParam = num(params.get('zoom'));
  const zoom = zoomParam !== null && zoomParam >= 1 && zoomParam <= 22 ? zoomParam : DEFAULT_ZOOM;
  if (lat !== null && lng !== null && lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180) {
    return { center: { lat, lng }, zoom, fromUrl: true };
  }
  return { center: DEFAULT_CENTER, zoom: DEFAULT_ZOOM, fromUrl: false };
}

export function placeFromParams(params: URLSearchParams): string {
  return (params.get('place') ?? '').trim();
}
