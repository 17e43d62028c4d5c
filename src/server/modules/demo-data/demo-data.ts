import { lookupByName } from 'zipcodes';
import { haversineMiles } from '../../../shared/geo/distance';
import { DEFAULT_ASSUMPTIONS, seasonalOccupancyFor, type AssumptionOverrides } from '../../../shared/invest';
import { sql } from 'kysely';
import {
  type ListingRecord,
  type SoldRecord,
  recomputeDirty,
  upsertListings,
  upsertSold,
  type RecomputeProgress,
} from '../listings';
import { refreshPlaces } from '../places';
import type { Db } from '../../db/database';

/**
 * Deterministic demo data (docs/listings.md): listings and sold comps across 20 US cities, on real
 * ZIP codes and ZIP centroids from the `zipcodes` gazetteer, priced from per-city medians.
 * Listing i depends only on (seed, i), so the same seed always gives the same rows.
 */

/** The sale dates of the demo comps end here (the week of the seeded mortgage rate). */
export const DEMO_AS_OF = '2025-11-20';
export const DEFAULT_DEMO_LISTINGS = 20_000;
export const DEFAULT_DEMO_SEED = 1;

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

// ---------------------------------------------------------------------------------------------
// Seeded random numbers

/** mulberry32: a small, fast, well-distributed 32-bit PRNG. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit hash of integers (seed, index, ...) to seed one item's generator. */
export function hashInts(...values: number[]): number {
  let h = 0x811c9dc5;
  for (const v of values) {
    h = Math.imul(h ^ (v >>> 0), 0x01000193);
    h ^= h >>> 13;
    h = Math.imul(h, 0x5bd1e995);
    h ^= h >>> 15;
  }
  return h >>> 0;
}

function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

type Rng = () => number;
const uniform = (rng: Rng, a: number, b: number) => a + (b - a) * rng();
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)];
const roundTo = (value: number, step: number) => Math.round(value / step) * step;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

// ---------------------------------------------------------------------------------------------
// Cities and ZIP codes

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

function cityPicker(cities: DemoCity[]): (u: number) => DemoCity {
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
function scatter(rng: Rng, lat: number, lng: number): { latitude: number; longitude: number } {
  const r = SCATTER_KM * Math.sqrt(rng());
  const theta = 2 * Math.PI * rng();
  const dLat = (r * Math.cos(theta)) / 111.32;
  const dLng = (r * Math.sin(theta)) / (111.32 * Math.cos((lat * Math.PI) / 180));
  return { latitude: Math.round((lat + dLat) * 1e6) / 1e6, longitude: Math.round((lng + dLng) * 1e6) / 1e6 };
}

// ---------------------------------------------------------------------------------------------
// Houses

const STREETS = [
  'Oak',
  'Maple',
  'Cedar',
  'Pine',
  'Elm',
  'Willow',
  'Hickory',
  'Magnolia',
  'Pecan',
  'Walnut',
  'Birch',
  'Cypress',
  'Juniper',
  'Sycamore',
  'Aspen',
  'Laurel',
  'Mesquite',
  'Dogwood',
  'Chestnut',
  'Poplar',
  'Park',
  'Lake',
  'Hill',
  'River',
  'Meadow',
  'Ridge',
  'Sunset',
  'Highland',
  'Forest',
  'Spring',
  'Valley',
  'Church',
  'Main',
  'Washington',
  'Lincoln',
  'Jefferson',
  'Madison',
  'Franklin',
  'Jackson',
  'Adams',
  'Monroe',
  'Travis',
  'Lamar',
  'Houston',
  'Bowie',
];
const SUFFIXES = ['St', 'Ave', 'Dr', 'Ln', 'Ct', 'Way', 'Blvd', 'Rd', 'Pl', 'Cir', 'Trl', 'Pkwy'];
const DIRECTIONS = ['', '', '', '', 'N ', 'S ', 'E ', 'W '];
const OPENERS = ['Charming', 'Updated', 'Spacious', 'Well-kept', 'Light-filled', 'Classic', 'Move-in ready', 'Renovated', 'Cozy'];
/** Openers of a retail listing that wants cosmetic updates (priced at market, less part of the work). */
const DATED_OPENERS = ['Solid', 'Original-condition', 'Well-loved', 'Classic'];
const FEATURES = [
  'an open floor plan',
  'a remodeled kitchen with quartz counters',
  'hardwood floors throughout',
  'a large fenced backyard',
  'a two-car garage',
  'new HVAC and water heater',
  'a covered patio',
  'vaulted ceilings',
  'a primary suite with walk-in closet',
  'fresh interior paint',
  'energy-efficient windows',
  'a detached workshop',
];
const DATED_FEATURES = [
  'a large fenced backyard',
  'a two-car garage',
  'a covered patio',
  'hardwood floors under the carpet',
  'a big corner lot',
];
const DATED_NOTES = [
  'Kitchen and baths are original; ready for your updates.',
  'Some cosmetic updating needed; priced for the neighborhood.',
  'Good bones; bring your paint and flooring ideas.',
];
const CLOSERS = [
  'Close to schools, parks and shopping.',
  'Minutes from downtown.',
  'Quiet street in an established neighborhood.',
  'Easy access to major highways.',
  'Walk to restaurants and coffee shops.',
];

// ---------------------------------------------------------------------------------------------
// Distressed listings

/**
 * The distressed segment flippers and BRRRR investors hunt for: bank-owned (REO), short sales,
 * estate sales and fixers. Each is priced at 55–80 % of its after-repair value with a rehab of
 * 10–35 % of it; the ARV is the neighbourhood's sold $/sq ft times the area, what the engine's
 * comps show (docs/listings.md).
 */
export type DistressKind = 'reo' | 'short-sale' | 'estate' | 'needs-work';

interface DistressProfile {
  /** Relative share within the segment. */
  weight: number;
  /** Rehab cost, USD per sq ft at REHAB_REFERENCE_PSF (our cosmetic-to-gut ranges), before the 10–35 % of ARV bounds. */
  rehabPerSqft: readonly [number, number];
  /** The discount below ARV beyond the rehab: the seller's hurry and the buyer's risk. */
  discount: readonly [number, number];
  /** The remarks' first sentence. */
  lead: readonly string[];
  /** The remarks' last sentence. */
  terms: readonly string[];
}

export const DISTRESS_PROFILES: Readonly<Record<DistressKind, DistressProfile>> = {
  reo: {
    weight: 3,
    rehabPerSqft: [25, 60],
    discount: [0.08, 0.28],
    lead: ['Bank-owned. Sold as-is.', 'Bank-owned (REO). Sold as-is, no seller disclosures.'],
    terms: ['Cash or renovation financing only.', 'All offers subject to bank approval; buyer to verify everything.'],
  },
  'short-sale': {
    weight: 2,
    rehabPerSqft: [15, 40],
    discount: [0.03, 0.18],
    lead: ['Short sale, subject to lender approval.', 'Short sale: the lender must approve the price.'],
    terms: ['Sold as-is; the buyer pays for repairs.', 'Patient buyers only: approval can take 60–90 days.'],
  },
  estate: {
    weight: 2,
    rehabPerSqft: [20, 45],
    discount: [0.06, 0.24],
    lead: ['Estate sale, needs updating.', 'Estate sale: one owner for decades, needs updating throughout.'],
    terms: ['Sold as-is by the estate.', 'The estate will make no repairs; priced accordingly.'],
  },
  'needs-work': {
    weight: 3,
    rehabPerSqft: [30, 70],
    discount: [0.07, 0.25],
    lead: ['Needs work: investor special.', 'Fixer-upper that needs work.'],
    terms: ['Sold as-is; bring your contractor.', 'Priced for an investor; sold as-is.'],
  },
};

/**
 * Rehab costs per sq ft are those of a house selling at this $/sq ft; they scale with the square root
 * of the neighbourhood's $/sq ft (rental-grade finishes where houses are cheap, dearer ones where not).
 */
const REHAB_REFERENCE_PSF = 200;

/** Share of the listings that are distressed, the same in every city (each measured metro lands within 5–10 %). */
export const DISTRESSED_SHARE = 0.075;
/** A distressed listing's rehab and price as shares of its ARV. */
export const DISTRESSED_REHAB_SHARE = { min: 0.1, max: 0.35 } as const;
export const DISTRESSED_PRICE_SHARE = { min: 0.55, max: 0.8 } as const;

const REPAIRS = [
  'a new roof',
  'a full kitchen remodel',
  'new bathrooms',
  'new HVAC',
  'foundation repairs',
  'new flooring and paint throughout',
  'updated electrical and plumbing',
  'new windows',
  'water damage repairs',
];

const DISTRESS_KINDS = Object.keys(DISTRESS_PROFILES) as DistressKind[];

function distressKind(u: number): DistressKind {
  const total = DISTRESS_KINDS.reduce((s, k) => s + DISTRESS_PROFILES[k].weight, 0);
  let acc = 0;
  for (const k of DISTRESS_KINDS) if (u < (acc += DISTRESS_PROFILES[k].weight / total)) return k;
  return DISTRESS_KINDS[DISTRESS_KINDS.length - 1];
}

/** Distinct repairs, more of them the heavier the rehab. */
function repairsFor(rng: Rng, rehabShare: number): string {
  const count = rehabShare < 0.18 ? 2 : rehabShare < 0.28 ? 3 : 4;
  const chosen: string[] = [];
  while (chosen.length < count) {
    const r = pick(rng, REPAIRS);
    if (!chosen.includes(r)) chosen.push(r);
  }
  return `${chosen.slice(0, -1).join(', ')} and ${chosen[chosen.length - 1]}`;
}

interface House {
  city: DemoCity;
  zip: DemoZip;
  beds: number;
  bathsFull: number;
  bathsHalf: number;
  bathsThreeQuarter: number;
  area: number;
  address: string;
  latitude: number;
  longitude: number;
}

const BASE_AREA: Record<number, number> = { 1: 750, 2: 1100, 3: 1550, 4: 2150, 5: 2900 };

function house(rng: Rng, city: DemoCity, zip: DemoZip, beds: number): House {
  const area = roundTo(BASE_AREA[beds] * Math.exp(uniform(rng, -0.2, 0.2)), 10);
  const bathsFull = beds <= 2 ? 1 : beds === 3 ? (rng() < 0.7 ? 2 : 1) : beds === 4 ? (rng() < 0.6 ? 2 : 3) : 3;
  const point = scatter(rng, zip.latitude, zip.longitude);
  return {
    city,
    zip,
    beds,
    bathsFull,
    bathsHalf: rng() < 0.4 ? 1 : 0,
    bathsThreeQuarter: rng() < 0.1 ? 1 : 0,
    area,
    address:
      `${Math.floor(uniform(rng, 100, 9900))} ${pick(rng, DIRECTIONS)}${pick(rng, STREETS)} ${pick(rng, SUFFIXES)}`.toUpperCase(),
    ...point,
  };
}

function bedsFor(rng: Rng): number {
  const u = rng();
  return u < 0.04 ? 1 : u < 0.2 ? 2 : u < 0.64 ? 3 : u < 0.9 ? 4 : 5;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export interface DemoItem {
  listing: ListingRecord;
  sold: SoldRecord[];
  /** The listing's distressed kind, or null for a retail listing. */
  distress: DistressKind | null;
}

/** Listing `index` (0-based) of the data set of `seed`, with its 1 to 3 sold comps. */
export function demoItem(seed: number, index: number): DemoItem {
  const cities = demoCities();
  const rng = mulberry32(hashInts(seed, index));
  const city = cityPicker(cities)(rng());
  const zip = pick(rng, city.zips);
  const beds = bedsFor(rng);
  const h = house(rng, city, zip, beds);

  const psf = city.pricePerSqft * zip.priceFactor;
  const bathsTotal = h.bathsFull + h.bathsHalf + h.bathsThreeQuarter;
  const home = `${beds} bed, ${bathsTotal} bath home of ${h.area.toLocaleString('en-US')} sq ft in ${city.city}`;
  const distress = rng() < DISTRESSED_SHARE ? distressKind(rng()) : null;
  let price: number;
  let rehab: number;
  let arv: number;
  let remarks: string;
  if (distress) {
    // Valued like its comps (the sold $/sq ft of the ZIP), then priced and repaired as shares of that value.
    const profile = DISTRESS_PROFILES[distress];
    arv = roundTo(h.area * psf * Math.exp(uniform(rng, -0.03, 0.03)), 1000);
    const rehabShare = clamp(
      (h.area * uniform(rng, ...profile.rehabPerSqft) * Math.sqrt(psf / REHAB_REFERENCE_PSF)) / arv,
      DISTRESSED_REHAB_SHARE.min,
      DISTRESSED_REHAB_SHARE.max,
    );
    const priceShare = clamp(
      1 - rehabShare - uniform(rng, ...profile.discount),
      DISTRESSED_PRICE_SHARE.min,
      DISTRESSED_PRICE_SHARE.max,
    );
    rehab = roundTo(arv * rehabShare, 500);
    price = Math.max(25_000, roundTo(arv * priceShare, 1000) - (rng() < 0.5 ? 100 : 0));
    remarks = `${pick(rng, profile.lead)} ${home} that needs ${repairsFor(rng, rehabShare)}. ${pick(rng, profile.terms)}`;
  } else {
    const marketValue = h.area * psf * Math.exp(uniform(rng, -0.08, 0.08));
    const dated = rng() >= 0.75;
    const rehabPerSqft = dated ? uniform(rng, 20, 40) : uniform(rng, 4, 15);
    // Rehab never costs more than a third of the house's value (cheap markets have cheap rehabs too).
    rehab = roundTo(Math.min(h.area * rehabPerSqft, marketValue / 3), 500);
    const rawPrice = marketValue * uniform(rng, 0.9, 1.1) - rehab * 0.6;
    price = Math.max(25_000, rng() < 0.5 ? roundTo(rawPrice, 1000) : roundTo(rawPrice, 5000) - 100);
    arv = roundTo(marketValue * uniform(rng, 1.0, 1.06), 1000);
    const features = dated ? [pick(rng, DATED_FEATURES), pick(rng, DATED_FEATURES)] : [pick(rng, FEATURES), pick(rng, FEATURES)];
    remarks = [
      `${dated ? pick(rng, DATED_OPENERS) : pick(rng, OPENERS)}: ${home}`,
      features[0] === features[1] ? `with ${features[0]}.` : `with ${features[0]} and ${features[1]}.`,
      dated ? pick(rng, DATED_NOTES) : pick(rng, CLOSERS),
    ].join(' ');
  }
  const rent = roundTo(h.area * city.rentPerSqft * Math.sqrt(zip.priceFactor) * uniform(rng, 0.92, 1.08), 25);
  const nightly = roundTo(city.nightly3Bed * Math.sqrt(beds / 3) * Math.pow(zip.priceFactor, 0.3) * uniform(rng, 0.85, 1.15), 5);

  const listing: ListingRecord = {
    listing_key: `DEMO-${seed}-L${String(index).padStart(7, '0')}`,
    list_price: price,
    remarks,
    beds,
    baths_full: h.bathsFull,
    baths_half: h.bathsHalf,
    baths_three_quarter: h.bathsThreeQuarter,
    area: h.area,
    address_full: h.address,
    city: city.city,
    state: city.state,
    zip: zip.zip,
    latitude: h.latitude,
    longitude: h.longitude,
    monthly_rent: rent,
    rehab_estimate: rehab,
    arv_estimate: arv,
    nightly_rate: nightly,
  };

  const soldCount = 1 + Math.floor(rng() * 3); // 1, 2 or 3: about 2 per listing
  const sold: SoldRecord[] = [];
  for (let k = 0; k < soldCount; k++) {
    const compBeds = rng() < 0.7 ? beds : Math.min(5, Math.max(1, beds + (rng() < 0.5 ? -1 : 1)));
    const c = house(rng, city, zip, compBeds);
    const compArea = rng() < 0.75 ? roundTo(h.area * uniform(rng, 0.85, 1.15), 10) : c.area;
    const closePrice = roundTo(compArea * psf * Math.exp(uniform(rng, -0.12, 0.12)), 500);
    sold.push({
      listing_key: `DEMO-${seed}-S${String(index).padStart(7, '0')}-${k}`,
      close_price: closePrice,
      list_price: roundTo(closePrice * uniform(rng, 0.97, 1.06), 100),
      close_date: addDays(DEMO_AS_OF, -Math.floor(uniform(rng, 0, 450))),
      beds: compBeds,
      baths_full: c.bathsFull,
      baths_half: c.bathsHalf,
      baths_three_quarter: c.bathsThreeQuarter,
      area: compArea,
      address_full: c.address,
      city: city.city,
      state: city.state,
      zip: zip.zip,
      latitude: c.latitude,
      longitude: c.longitude,
    });
  }
  return { listing, sold, distress };
}

/** The columns of a demo RESO CSV feed, in order (the `--out` file and the bulk-listings bench). */
export const RESO_COLUMNS = [
  'ListingKey',
  'StandardStatus',
  'ListPrice',
  'ClosePrice',
  'CloseDate',
  'PublicRemarks',
  'BedroomsTotal',
  'BathroomsFull',
  'BathroomsHalf',
  'BathroomsThreeQuarter',
  'LivingArea',
  'UnparsedAddress',
  'City',
  'StateOrProvince',
  'PostalCode',
  'Latitude',
  'Longitude',
  'EstimatedMonthlyRent',
  'RehabEstimate',
  'ArvEstimate',
  'NightlyRateEstimate',
];

/** A demo item's RESO rows: the listing, then its sold comps. */
export function demoResoRows(item: DemoItem): Array<Record<string, unknown>> {
  return [toReso({ kind: 'listing', record: item.listing }), ...item.sold.map((s) => toReso({ kind: 'sold', record: s }))];
}

/** The listing and sold records as a RESO feed row (for `--out` files and importer tests). */
export function toReso(
  item: { kind: 'listing'; record: ListingRecord } | { kind: 'sold'; record: SoldRecord },
): Record<string, unknown> {
  const r = item.record;
  const common = {
    ListingKey: r.listing_key,
    BedroomsTotal: r.beds,
    BathroomsFull: r.baths_full,
    BathroomsHalf: r.baths_half,
    BathroomsThreeQuarter: r.baths_three_quarter,
    LivingArea: r.area,
    UnparsedAddress: r.address_full,
    City: r.city,
    StateOrProvince: r.state,
    PostalCode: r.zip,
    Latitude: r.latitude,
    Longitude: r.longitude,
  };
  if (item.kind === 'sold') {
    const s = item.record;
    return { ...common, StandardStatus: 'Closed', ClosePrice: s.close_price, ListPrice: s.list_price, CloseDate: s.close_date };
  }
  const l = item.record;
  return {
    ...common,
    StandardStatus: 'Active',
    ListPrice: l.list_price,
    PublicRemarks: l.remarks,
    EstimatedMonthlyRent: l.monthly_rent,
    RehabEstimate: l.rehab_estimate,
    ArvEstimate: l.arv_estimate,
    NightlyRateEstimate: l.nightly_rate,
  };
}

export interface DemoLoadOptions {
  listings: number;
  seed: number;
  batchSize?: number;
  /** Listings per recompute batch. */
  recomputeBatchSize?: number;
  onProgress?: (progress: { phase: 'insert' | 'recompute'; done: number; total: number }) => void;
  /** Between batches (the server yields to requests here). */
  pause?: () => Promise<void>;
  /** Stop after the current batch (shutdown); loading again later finishes the work. */
  shouldStop?: () => boolean;
}

export interface DemoLoadSummary {
  listings: number;
  sold: number;
  recomputed: number;
  seconds: number;
}

/**
 * Writes the data set into the database (sold comps first, then listings, so nothing is marked
 * twice) and computes comps, deal status and strategy results. Idempotent: loading the same seed
 * again changes nothing.
 */
export async function loadDemoData(db: Db, options: DemoLoadOptions): Promise<DemoLoadSummary> {
  const started = Date.now();
  const batchSize = options.batchSize ?? 2000;
  const n = options.listings;
  let sold = 0;
  const total = n * 2;
  for (let phase = 0; phase < 2; phase++) {
    for (let start = 0; start < n; start += batchSize) {
      if (options.shouldStop?.()) return { listings: n, sold, recomputed: 0, seconds: (Date.now() - started) / 1000 };
      await options.pause?.();
      const end = Math.min(n, start + batchSize);
      const listings: ListingRecord[] = [];
      const sales: SoldRecord[] = [];
      for (let i = start; i < end; i++) {
        const item = demoItem(options.seed, i);
        if (phase === 0) sales.push(...item.sold);
        else listings.push(item.listing);
      }
      await db.transaction().execute(async (trx) => {
        if (phase === 0) await upsertSold(trx, sales);
        else await upsertListings(trx, listings);
      });
      sold += sales.length;
      options.onProgress?.({ phase: 'insert', done: phase * n + end, total });
    }
  }
  await addOccupancyMarkets(db);
  const recomputed = await recomputeDirty(db, {
    batchSize: options.recomputeBatchSize,
    pause: options.pause,
    shouldStop: options.shouldStop,
    onProgress: (p: RecomputeProgress) => options.onProgress?.({ phase: 'recompute', ...p }),
  });
  if (options.shouldStop?.()) return { listings: n, sold, recomputed, seconds: (Date.now() - started) / 1000 };
  await refreshPlaces(db);
  return { listings: n, sold, recomputed, seconds: (Date.now() - started) / 1000 };
}

export const OCCUPANCY_MARKET_DESCRIPTION = 'A demo city: its short-term rentals book its published average occupancy';

/** A demo city's market assumptions: its seasons' occupancy for its published average. */
export function demoMarketAssumptions(city: CityProfile): AssumptionOverrides {
  return city.occupancyPercent === undefined
    ? {}
    : { shortTerm: seasonalOccupancyFor(city.occupancyPercent, DEFAULT_ASSUMPTIONS.shortTerm) };
}

/**
 * The demo cities with a published occupancy and listings become markets with that occupancy, so
 * their short-term results use it. A market that already exists (an admin's) is left as it is.
 */
async function addOccupancyMarkets(db: Db): Promise<void> {
  const markets = DEMO_CITIES.filter((c) => c.occupancyPercent !== undefined).map((c) => ({
    city: c.city,
    state: c.state,
    assumptions: demoMarketAssumptions(c),
  }));
  await sql`
    insert into markets (city, state, description, active, assumptions)
    select m.city, m.state, ${OCCUPANCY_MARKET_DESCRIPTION}, true, m.assumptions
    from jsonb_to_recordset(${JSON.stringify(markets)}::jsonb) as m(city text, state text, assumptions jsonb)
    where exists (select 1 from properties p where lower(p.city) = lower(m.city) and upper(p.state) = upper(m.state))
    on conflict (lower(city), upper(state)) do nothing`.execute(db);
}

/** DEMO_LISTINGS: unset → the default count; 0 → no demo data; otherwise a non-negative integer. */
export function demoListingsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.DEMO_LISTINGS?.trim();
  if (!raw) return DEFAULT_DEMO_LISTINGS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`DEMO_LISTINGS must be a non-negative integer, got "${raw}"`);
  return value;
}
