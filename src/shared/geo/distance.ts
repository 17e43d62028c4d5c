/** Mean Earth radius in miles (IUGG). */
export const EARTH_RADIUS_MILES = 3958.7613;
export const MILES_PER_DEGREE_LAT = (Math.PI / 180) * EARTH_RADIUS_MILES;

const RAD = Math.PI / 180;

/** Great-circle distance in miles between two points (haversine). */
export function haversineMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A lat/lng box that contains every point within `miles` of the centre (for an index prefilter). */
export function boundingBox(
  lat: number,
  lng: number,
  miles: number,
): { south: number; north: number; west: number; east: number } {
  const dLat = miles / MILES_PER_DEGREE_LAT;
  const cos = Math.cos(Math.min(89.9, Math.abs(lat) + dLat) * RAD);
  const dLng = miles / (MILES_PER_DEGREE_LAT * Math.max(cos, 1e-6));
  return { south: lat - dLat, north: lat + dLat, west: lng - dLng, east: lng + dLng };
}
