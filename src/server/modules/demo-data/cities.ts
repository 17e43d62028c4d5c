import { lookupByName } from 'zipcodes';
import { haversineMiles } from '../../../shared/geo/distance';
import { hashString, mulberry32, uniform, type Rng } from './random';

/**
 * The demo's geography and its calibration: 20 US cities with their market figures (sources in
 * docs/listings.md), on real ZIP codes and ZIP centroids from the `zipcodes` gazetteer.
 */

export interface CityProfile {
  city: string;
  state: string;
  /** Median sale price per square foot, USD (sources and dates per city in docs/listings.md). */
  pricePerSqft: number;
  /** Single-family rent per square foot per month, USD: a 3-bedroom's rent over 1,550 sq ft (docs/listings.md). */
  rentPerSqft: number;
  /**
   * Peak-season nightly rate of a 3-bedroom short-term rental, USD: the market's average daily rate
   * over 0.816, the engine's booked-night average of its seasonal rate factors (docs/listings.md).
   */
  nightly3Bed: number;
  /**
   * Short-term rentals' published average occupancy, percent of nights booked (docs/listings.md),
   * where one was found: the demo makes the city a market whose seasons book that share of the year.
   */
  occupancyPercent?: number;
  /** Relative share of the listings. */
  weight: number;
}

export const DEMO_CITIES: readonly CityProfile[] = [
  { city: 'Austin', state: 'TX', pricePerSqft: 300, rentPerSqft: 1.35, nightly3Bed: 255, occupancyPercent: 71, weight: 2 },
  { city: 'Phoenix', state: 'AZ', pricePerSqft: 285, rentPerSqft: 1.25, nightly3Bed: 210, weight: 1.5 },
  { city: 'Dallas', state: 'TX', pricePerSqft: 235, rentPerSqft: 1.3, nightly3Bed: 200, weight: 1.5 },
  { city: 'Houston', state: 'TX', pricePerSqft: 175, rentPerSqft: 1.35, nightly3Bed: 195, occupancyPercent: 58, weight: 1.5 },
  { city: 'San Antonio', state: 'TX', pricePerSqft: 165, rentPerSqft: 1.1, nightly3Bed: 170, weight: 1 },
  { city: 'Atlanta', state: 'GA', pricePerSqft: 260, rentPerSqft: 1.3, nightly3Bed: 200, weight: 1 },
  { city: 'Charlotte', state: 'NC', pricePerSqft: 245, rentPerSqft: 1.25, nightly3Bed: 185, weight: 1 },
  { city: 'Tampa', state: 'FL', pricePerSqft: 290, rentPerSqft: 1.45, nightly3Bed: 230, weight: 1 },
  { city: 'Orlando', state: 'FL', pricePerSqft: 250, rentPerSqft: 1.4, nightly3Bed: 175, occupancyPercent: 67, weight: 1 },
  { city: 'Jacksonville', state: 'FL', pricePerSqft: 195, rentPerSqft: 1.2, nightly3Bed: 180, weight: 1 },
  { city: 'Nashville', state: 'TN', pricePerSqft: 300, rentPerSqft: 1.4, nightly3Bed: 300, occupancyPercent: 65, weight: 1 },
  { city: 'Indianapolis', state: 'IN', pricePerSqft: 140, rentPerSqft: 1.0, nightly3Bed: 240, occupancyPercent: 40, weight: 1 },
  { city: 'Columbus', state: 'OH', pricePerSqft: 185, rentPerSqft: 1.15, nightly3Bed: 150, weight: 1 },
  { city: 'Kansas City', state: 'MO', pricePerSqft: 160, rentPerSqft: 1.05, nightly3Bed: 150, weight: 1 },
  { city: 'Denver', state: 'CO', pricePerSqft: 390, rentPerSqft: 1.55, nightly3Bed: 235, occupancyPercent: 62, weight: 1 },
  { city: 'Las Vegas', state: 'NV', pricePerSqft: 250, rentPerSqft: 1.25, nightly3Bed: 220, weight: 1 },
  { city: 'Raleigh', state: 'NC', pricePerSqft: 250, rentPerSqft: 1.3, nightly3Bed: 180, weight: 1 },
  { city: 'Memphis', state: 'TN', pricePerSqft: 100, rentPerSqft: 1.1, nightly3Bed: 175, occupancyPercent: 57, weight: 0.75 },
  { city: 'Cleveland', state: 'OH', pricePerSqft: 90, rentPerSqft: 0.95, nightly3Bed: 210, occupancyPercent: 60, weight: 0.75 },
  { city: 'Detroit', state: 'MI', pricePerSqft: 85, rentPerSqft: 1.1, nightly3Bed: 145, occupancyPercent: 53, weight: 0.75 },
];

/** Points are scattered uniformly within this distance of their ZIP's centroid. */
export const SCATTER_KM = 1.5;
/** ZIPs farther than this from the city's median ZIP centroid are left out. */
const CITY_RADIUS_MILES = 13;

export interface DemoZip {
  zip: string;
  latitude: number;
  longitude: number;
  /** Neighbourhood price level around the city median (0.75 .. 1.35), fixed per ZIP. */
  priceFactor: number;
}

export interface DemoCity extends CityProfile {
  zips: DemoZip[];
}

let citiesCache: DemoCity[] | null = null;

/**
 * The demo cities with their ZIPs: every ZIP the gazetteer gives for the city whose centroid is its
 * own (a centroid shared by several ZIPs is a PO-box or unique ZIP) and near the city.
 */
export function demoCities(): DemoCity[] {
  if (citiesCache) return citiesCache;
  citiesCache = DEMO_CITIES.map((profile) => {
    const all = lookupByName(profile.city, profile.state);
    const shared = new Map<string, number>();
    for (const z of all) shared.set(`${z.latitude},${z.longitude}`, (shared.get(`${z.latitude},${z.longitude}`) ?? 0) + 1);
    let zips = all.filter((z) => shared.get(`${z.latitude},${z.longitude}`) === 1);
    const mid = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
    const cLat = mid(zips.map((z) => z.latitude));
    const cLng = mid(zips.map((z) => z.longitude));
    zips = zips.filter((z) => haversineMiles(cLat, cLng, z.latitude, z.longitude) <= CITY_RADIUS_MILES);
    zips.sort((a, b) => (a.zip < b.zip ? -1 : 1));
    if (zips.length === 0) throw new Error(`The gazetteer has no ZIP codes for ${profile.city}, ${profile.state}`);
    return {
      ...profile,
      zips: zips.map((z) => {
        const rng = mulberry32(hashString(z.zip));
        return {
          zip: z.zip,
          latitude: z.latitude,
          longitude: z.longitude,
          priceFactor: Math.round(uniform(rng, 0.75, 1.35) * 100) / 100,
        };
      }),
    };
  });
  return citiesCache;
}

export function cityPicker(cities: DemoCity[]): (u: number) => DemoCity {
  const total = cities.reduce((s, c) => s + c.weight, 0);
  const bounds: number[] = [];
  let acc = 0;
  for (const c of cities) bounds.push((acc += c.weight / total));
  return (u) => {
    for (let i = 0; i < bounds.length; i++) if (u < bounds[i]) return cities[i];
    return cities[cities.length - 1];
  };
}

/** A point uniformly within SCATTER_KM of the centroid. */
export function scatter(rng: Rng, lat: number, lng: number): { latitude: number; longitude: number } {
  const r = SCATTER_KM * Math.sqrt(rng());
  const theta = 2 * Math.PI * rng();
  const dLat = (r * Math.cos(theta)) / 111.32;
  const dLng = (r * Math.sin(theta)) / (111.32 * Math.cos((lat * Math.PI) / 180));
  return { latitude: Math.round((lat + dLat) * 1e6) / 1e6, longitude: Math.round((lng + dLng) * 1e6) / 1e6 };
}
