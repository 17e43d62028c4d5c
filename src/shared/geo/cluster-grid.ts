/**
 * The grid of the server clusters (GET /searchProperties?type=clusters): square cells of
 * CLUSTER_CELL_PX pixels on the Web-Mercator world of a zoom (the world is 256 · 2^zoom pixels wide,
 * as Google Maps draws it), so a cell looks the same size on screen at every zoom and latitude.
 * The server groups in SQL with the same formulas (properties/repository.ts); the tests use these.
 */
import type { MapBounds } from '../schemas/geo';

/** A cell is about one cluster circle across (the spec's cluster radius is 60 px). */
export const CLUSTER_CELL_PX = 64;
/** Web-Mercator stops here; properties beyond it (none in the US) fall in the edge cells. */
export const MERCATOR_MAX_LAT = 85.05112878;
export const MIN_CLUSTER_ZOOM = 0;
export const MAX_CLUSTER_ZOOM = 22;
/**
 * The most cells a cluster view may span (64 × 64 cells is a 4,096-pixel-square screen): the answer
 * stays small (at most this many clusters, well under 1.5 MB) and the grouping cheap.
 */
export const MAX_CLUSTER_CELLS = 64 * 64;

/** Cells across the whole world at this zoom. */
export const cellsPerWorld = (zoom: number): number => 2 ** zoom * (256 / CLUSTER_CELL_PX);

const clampLat = (lat: number) => Math.min(MERCATOR_MAX_LAT, Math.max(-MERCATOR_MAX_LAT, lat));

/** Column of a longitude: 0 at -180°, growing east. */
export function cellX(lng: number, zoom: number): number {
  const n = cellsPerWorld(zoom);
  return Math.min(n - 1, Math.floor(((lng + 180) / 360) * n));
}

/** Row of a latitude: 0 at the north edge of the Mercator world, growing south. */
export function cellY(lat: number, zoom: number): number {
  const n = cellsPerWorld(zoom);
  const rad = (clampLat(lat) * Math.PI) / 180;
  const y = (1 - Math.log(Math.tan(Math.PI / 4 + rad / 2)) / Math.PI) / 2;
  return Math.min(n - 1, Math.max(0, Math.floor(y * n)));
}

export const cellKey = (zoom: number, x: number, y: number): string => `${zoom}/${x}/${y}`;

/** How many cells the bounds touch at this zoom. */
export function cellsInBounds(bounds: MapBounds, zoom: number): number {
  const columns = cellX(bounds.ne.lng, zoom) - cellX(bounds.sw.lng, zoom) + 1;
  const rows = cellY(bounds.sw.lat, zoom) - cellY(bounds.ne.lat, zoom) + 1;
  return columns * rows;
}

/** Longitude of a column's west edge. */
const lngOfX = (x: number, n: number): number => (x / n) * 360 - 180;
/** Latitude of a row's north edge. */
const latOfY = (y: number, n: number): number => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / n))) * 180) / Math.PI;

/** The box of cell (x, y) at this zoom: the square a heat map colours. */
export function cellBounds(zoom: number, x: number, y: number): MapBounds {
  const n = cellsPerWorld(zoom);
  return { ne: { lat: latOfY(y, n), lng: lngOfX(x + 1, n) }, sw: { lat: latOfY(y + 1, n), lng: lngOfX(x, n) } };
}
