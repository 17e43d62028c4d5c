import type { LeaseRecord, ListingRecord, SoldRecord } from '../listings';
import { cityPicker, demoCities, scatter, type DemoCity, type DemoZip } from './cities';
import {
  DISTRESS_PROFILES,
  DISTRESSED_PRICE_SHARE,
  DISTRESSED_REHAB_SHARE,
  DISTRESSED_SHARE,
  REHAB_REFERENCE_PSF,
  distressKind,
  repairsFor,
  type DistressKind,
} from './distress';
import { fairMarketRent } from './fair-market-rents';
import {
  CLOSERS,
  DATED_FEATURES,
  DATED_NOTES,
  DATED_OPENERS,
  DIRECTIONS,
  FEATURES,
  OPENERS,
  STREETS,
  SUFFIXES,
} from './listing-text';
import { marketTime } from './market-time';
import { trendIndexes } from './metro-trends';
import { roundTo } from '../../../shared/stats';
import { clamp, hashInts, mulberry32, normalQuantile, pick, uniform, type Rng } from './random';

/**
 * Deterministic demo data (docs/listings.md): listings, sold comps and closed leases across 20 US cities, on real
 * ZIP codes and ZIP centroids from the `zipcodes` gazetteer, priced from per-city medians.
 * Listing i depends only on (seed, i) and the day the data is made (`listedAsOf`), so the same seed
 * always gives the same rows as of a day; its days on market and price cuts count back from that day,
 * and so do its sales and leases (over 36 months, priced along their metro's trend: metro-trends.ts).
 */

/**
 * A fixed as-of day: what the tests and benches make a fixed data set as of, and the day the load
 * reckons a stored set's as-of day from (load.ts; any fixed day would do). The week of the seeded
 * mortgage rate (migration 0003); until issue 39 the demo's sales and leases ended here.
 */
export const DEMO_AS_OF = '2025-11-20';
export const DEFAULT_DEMO_SEED = 1;

/** Today (UTC), YYYY-MM-DD: the day a load's listings are on the market as of. */
export const todayUtc = (): string => new Date().toISOString().slice(0, 10);

/** A third stream of numbers per listing (its market time), apart from the one that makes it. */
const MARKET_TIME_STREAM = 0x6d61726b;
/** A fourth: the leases around it. */
const LEASE_STREAM = 0x6c656173;

/**
 * The share of listings whose feed row carries a rent estimate (EstimatedMonthlyRent): real MLS
 * feeds rarely do, so the lease comps' estimate gives most listings their rent (docs/decisions.md).
 */
export const FEED_RENT_SHARE = 0.1;

/**
 * The demo leases' calibration (docs/listings.md, "Demo leases"): rents lognormal around a median
 * of the city's HUD Fair Market Rent for the bedroom count times MEDIAN_OVER_FMR, an FMR being the
 * 40th percentile (the lognormal's median is e^(0.2533·σ) times its 40th percentile).
 */
export const LEASE_RENT_SIGMA = 0.12;
/**
 * A sale's scatter around what its ZIP's $/sq ft and its area predict: lognormal, σ = 0.12
 * (docs/listings.md, "How far a sale or a lease scatters"): the spread of Zillow's own off-market
 * errors (median 7.5 %, 60.6 % within 10 %), so the demo's noise alone is as large as a leading
 * AVM's whole error. The leases scatter as much (LEASE_RENT_SIGMA).
 */
export const SALE_PRICE_SIGMA = 0.12;
export const MEDIAN_OVER_FMR = Math.exp(0.2533 * LEASE_RENT_SIGMA);
/** Rent grows with the square root of the area against the bedroom count's usual area. */
const LEASE_AREA_ELASTICITY = 0.5;
/**
 * Sales and leases close over the 1,096 days up to the as-of day (days 0–1,095 back: closeDaysBack):
 * 36 months back and the as-of month, so a market's monthly figures span three years that end at the
 * listings' day.
 */
export const SALE_DAYS_BACK = 1096;
export const LEASE_DAYS_BACK = SALE_DAYS_BACK;
/**
 * The share of the sales and leases that close in the last 365 days, uniformly within them; the rest
 * close uniformly over the 731 days before. The comps and lease comps look back 12 months (24 at the
 * leases' widest step), so spreading the same counts evenly over three years would have left a third
 * of them there (1.6 sales a listing in the comps' window until issue 39, 0.67 evenly, 1.2 so).
 */
export const RECENT_SHARE = 0.6;

/** Days before the as-of day a sale or lease closes, from one uniform draw u in [0, 1). */
export const closeDaysBack = (u: number): number =>
  u < RECENT_SHARE
    ? Math.floor((u / RECENT_SHARE) * 365)
    : 365 + Math.floor(((u - RECENT_SHARE) / (1 - RECENT_SHARE)) * (SALE_DAYS_BACK - 365));
/** A lease's bedroom count: cumulative shares of 1 to 5 bedrooms (rentals run smaller than the homes for sale). */
const LEASE_BEDS = [0.08, 0.32, 0.72, 0.94, 1];

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

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

let cachedAsOf = '';
let cachedDays: string[] = [];
let cachedMonthsBack: number[] = [];
/**
 * `asOf` less `days` days, YYYY-MM-DD, remembered for one `asOf` at a time: a load formats one to
 * five such dates for each of up to millions of listings, and Date's parse and format take ~3 µs.
 */
export function daysBefore(asOf: string, days: number): string {
  if (asOf !== cachedAsOf) {
    cachedAsOf = asOf;
    cachedDays = [];
    cachedMonthsBack = [];
  }
  return (cachedDays[days] ??= addDays(asOf, -days));
}

const monthOf = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
/** How many calendar months before `asOf`'s month the day `days` days before it falls (remembered as daysBefore). */
export function monthsBack(asOf: string, days: number): number {
  const day = daysBefore(asOf, days);
  return (cachedMonthsBack[days] ??= monthOf(asOf) - monthOf(day));
}

export interface DemoPriceChange {
  old_price: number;
  new_price: number;
  /** ISO timestamp */
  changed_at: string;
}

export interface DemoItem {
  listing: ListingRecord;
  sold: SoldRecord[];
  /** Closed leases in the listing's ZIP (0 to 2; not comps of it in particular). */
  leases: LeaseRecord[];
  /** The listing's distressed kind, or null for a retail listing. */
  distress: DistressKind | null;
  /** Its price cuts, oldest first (the last one's new price is its list price). */
  priceHistory: DemoPriceChange[];
}

/** A house's rooms, address and position as a feed record's fields. */
const houseFacts = (h: House) => ({
  beds: h.beds,
  baths_full: h.bathsFull,
  baths_half: h.bathsHalf,
  baths_three_quarter: h.bathsThreeQuarter,
  area: h.area,
  address_full: h.address,
  city: h.city.city,
  state: h.city.state,
  zip: h.zip.zip,
  latitude: h.latitude,
  longitude: h.longitude,
});

/** A standard normal deviate (Box–Muller). */
const normal = (rng: Rng) => Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());

const cityLevels = new Map<DemoCity, number>();
/** The geometric mean of a city's ZIP price factors: the ZIPs' rents are scaled around it, so the city's median stays on target. */
function cityLevel(city: DemoCity): number {
  let level = cityLevels.get(city);
  if (level === undefined) {
    level = Math.exp(city.zips.reduce((s, z) => s + Math.log(z.priceFactor), 0) / city.zips.length);
    cityLevels.set(city, level);
  }
  return level;
}

/**
 * The closed leases made beside listing `index`: 0, 1 or 2 (0.9 a listing on average) in its ZIP, of
 * 1 to 5 bedrooms, their rents calibrated to the city's Fair Market Rents (see MEDIAN_OVER_FMR),
 * mildly higher in pricier ZIPs (the square root of the ZIP's price factor, as the listings' rents)
 * and for larger homes, closed over the last 36 months (LEASE_DAYS_BACK) before `asOf`, each rent
 * today's times its metro's rent index of its close month (metro-trends.ts).
 */
function demoLeases(seed: number, index: number, city: DemoCity, zip: DemoZip, asOf: string): LeaseRecord[] {
  const rents = trendIndexes(city.city, city.state, asOf).rent;
  const rng = mulberry32(hashInts(seed, index, LEASE_STREAM));
  const u = rng();
  const count = u < 0.3 ? 0 : u < 0.8 ? 1 : 2;
  const leases: LeaseRecord[] = [];
  for (let k = 0; k < count; k++) {
    const b = rng();
    const beds = 1 + LEASE_BEDS.findIndex((share) => b < share);
    const h = house(rng, city, zip, beds);
    const rentToday =
      fairMarketRent(city.city, city.state, beds) *
      MEDIAN_OVER_FMR *
      Math.sqrt(zip.priceFactor / cityLevel(city)) *
      Math.pow(h.area / BASE_AREA[beds], LEASE_AREA_ELASTICITY) *
      Math.exp(LEASE_RENT_SIGMA * normal(rng));
    const days = closeDaysBack(rng());
    leases.push({
      listing_key: `DEMO-${seed}-R${String(index).padStart(7, '0')}-${k}`,
      rent: roundTo(rentToday * rents[monthsBack(asOf, days)], 5),
      close_date: daysBefore(asOf, days),
      ...houseFacts(h),
    });
  }
  return leases;
}

/**
 * Listing `index` (0-based) of the data set of `seed`, with its 1 to 3 sold comps and 0 to 2 leases
 * nearby, on the market as of `listedAsOf` (YYYY-MM-DD; by default today, UTC).
 */
export function demoItem(seed: number, index: number, listedAsOf: string = todayUtc()): DemoItem {
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
    monthly_rent: null,
    rehab_estimate: rehab,
    arv_estimate: arv,
    nightly_rate: nightly,
    on_market_date: null,
    days_on_market: null,
    original_list_price: price,
    price_changed_at: null,
  };
  const time = marketTime(mulberry32(hashInts(seed, index, MARKET_TIME_STREAM)), price, distress !== null);
  listing.on_market_date = daysBefore(listedAsOf, time.days);
  const priceHistory = time.cuts.map((cut) => ({
    old_price: cut.from,
    new_price: cut.to,
    changed_at: `${daysBefore(listedAsOf, cut.daysAgo)}T${cut.hour}:00:00.000Z`,
  }));
  if (priceHistory.length) {
    listing.original_list_price = priceHistory[0].old_price;
    listing.price_changed_at = priceHistory[priceHistory.length - 1].changed_at;
  }

  const soldCount = 1 + Math.floor(rng() * 3); // 1, 2 or 3: about 2 per listing
  const sold: SoldRecord[] = [];
  const prices = trendIndexes(city.city, city.state, listedAsOf).price;
  for (let k = 0; k < soldCount; k++) {
    const compBeds = rng() < 0.7 ? beds : Math.min(5, Math.max(1, beds + (rng() < 0.5 ? -1 : 1)));
    const c = house(rng, city, zip, compBeds);
    const compArea = rng() < 0.75 ? roundTo(h.area * uniform(rng, 0.85, 1.15), 10) : c.area;
    // Today's price, then the sale-to-list ratio and the day (drawn in this order since before the trends),
    // then the price at its close month along the metro's trend; the list price keeps the ratio.
    const priceToday = compArea * psf * Math.exp(SALE_PRICE_SIGMA * normalQuantile(rng()));
    const listRatio = uniform(rng, 0.97, 1.06);
    const days = closeDaysBack(rng());
    const closePrice = roundTo(priceToday * prices[monthsBack(listedAsOf, days)], 500);
    sold.push({
      listing_key: `DEMO-${seed}-S${String(index).padStart(7, '0')}-${k}`,
      close_price: closePrice,
      list_price: roundTo(closePrice * listRatio, 100),
      close_date: daysBefore(listedAsOf, days),
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
  // Drawn last, so the listing and its comps are those of the data set before feed rents became rare.
  if (rng() < FEED_RENT_SHARE) listing.monthly_rent = rent;
  return { listing, sold, leases: demoLeases(seed, index, city, zip, listedAsOf), distress, priceHistory };
}
