import type { PastListingRecord } from '../listings';
import { roundTo } from '../../../shared/stats';
import { demoCities, scatter, type DemoZip } from './cities';
import { addDays, daysBefore, monthsBack, type DemoItem } from './generator';
import { cutDaysWithin, cutShare, daysOf, daysSpread } from './market-time';
import { TREND_MONTHS, trendIndexes } from './metro-trends';
import { hashInts, mulberry32, uniform } from './random';

/**
 * The listings the demo's market had before the load (docs/listings.md, "The market before the load"):
 * each demo listing holds a place on the market that listings before it held, one after another back
 * to PAST_MONTHS before the as-of month, so that a month's inventory, days on market, new listings and
 * price cuts are those of a market of the demo's size. How long each stayed and how long its place
 * stood empty (or two overlapped) follow the metro's market: hotter than at the as-of month (its price
 * index rising faster over 12 months), listings sell faster and fewer stand on the market at once;
 * and the seasons: days on market are longest in January, inventory is largest in the autumn.
 */

/** Months before the as-of month the history reaches: the sales' and leases' three years. */
export const PAST_MONTHS = 36;
/**
 * Days on market move by this many log points per log point of the 12-month price change (the
 * market's heat) against the as-of month's: Realtor.com's national median went from ~38 days in
 * mid-2022 (prices +19 % a year) to 60 in August 2025 (+1–2 %), about 2.7; ours is rounder.
 */
export const DAYS_HEAT = 2.5;
/**
 * Inventory moves by this many log points per log point of heat: active listings in mid-2022 were
 * about half of 2019's, and have recovered as price growth stalled (Realtor.com). Our estimate.
 */
export const INVENTORY_HEAT = 3;
/** The seasons, log points either side of the year's level (our assumption, the shape of Realtor.com's monthly series). */
export const DAYS_SEASON = 0.1;
const DAYS_LONGEST_MONTH = 10; // November
export const INVENTORY_SEASON = 0.08;
const INVENTORY_LARGEST_MONTH = 9; // October
/** A place stands empty (or two listings overlap) for its mean gap, give or take this many days. */
const GAP_NOISE_DAYS = 10;

const PAST_STREAM = 0x70617374;

const season = (amplitude: number, peak: number, calendarMonth: number) =>
  amplitude * Math.cos((2 * Math.PI * (calendarMonth - peak)) / 12);

export interface MarketFactors {
  /** By months before the as-of month (0 = the as-of month): a stay against those of the listings on the market at the as-of day. */
  days: number[];
  /** Likewise the listings on the market at once. */
  inventory: number[];
}

const monthOf = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
const factorsCache = new Map<string, MarketFactors>();

/** A city's market factors as of `asOf` (YYYY-MM-DD): inventory 1 at the as-of month, stays 1 over it and the two before. */
export function marketFactors(city: string, state: string, asOf: string): MarketFactors {
  const key = `${city}|${state}|${asOf.slice(0, 7)}`;
  const cached = factorsCache.get(key);
  if (cached) return cached;
  const price = trendIndexes(city, state, asOf).price;
  // The 12-month change ends PAST_MONTHS back at the latest: the index reaches TREND_MONTHS.
  const heat = (k: number) => Math.log(price[k] / price[Math.min(TREND_MONTHS, k + 12)]);
  const asOfCalendar = monthOf(asOf) % 12;
  const factors: MarketFactors = { days: [], inventory: [] };
  for (let k = 0; k <= TREND_MONTHS; k++) {
    const hotter = heat(Math.min(k, TREND_MONTHS - 12)) - heat(0);
    const calendar = (((asOfCalendar - k) % 12) + 12) % 12;
    const days = season(DAYS_SEASON, DAYS_LONGEST_MONTH, calendar) - season(DAYS_SEASON, DAYS_LONGEST_MONTH, asOfCalendar);
    const stock =
      season(INVENTORY_SEASON, INVENTORY_LARGEST_MONTH, calendar) -
      season(INVENTORY_SEASON, INVENTORY_LARGEST_MONTH, asOfCalendar);
    factors.days.push(Math.exp(-DAYS_HEAT * hotter + days));
    factors.inventory.push(Math.exp(-INVENTORY_HEAT * hotter + stock));
  }
  // The listings on the market at the as-of day came on over the months before it (a median stay of
  // ~2 months): their stays are the as-of day's, so those three months' stays average 1.
  const now = (factors.days[0] + factors.days[1] + factors.days[2]) / 3;
  factors.days = factors.days.map((f) => f / now);
  factorsCache.set(key, factors);
  return factors;
}

let zipsCache: Map<string, DemoZip> | null = null;
const demoZip = (zip: string): DemoZip => {
  zipsCache ??= new Map(demoCities().flatMap((c) => c.zips.map((z) => [z.zip, z] as const)));
  return zipsCache.get(zip)!;
};

/** Days from the first day of the month PAST_MONTHS before `asOf`'s month to `asOf`. */
export function historyDays(asOf: string): number {
  const month = monthOf(asOf) - PAST_MONTHS;
  const first = `${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-01`;
  return Math.round((Date.parse(`${asOf}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000);
}

/**
 * The listings that held listing `index`'s place before it, latest first: each left when the next
 * came (give or take the gap), back to the first that left before the history's first month. Each is
 * a house like it in its ZIP (its size within ±20 %, its $/sq ft at the month's price index), with its
 * cuts drawn as the listings' are.
 */
export function demoPastListings(seed: number, index: number, item: DemoItem, asOf: string): PastListingRecord[] {
  const { listing, distress } = item;
  const distressed = distress !== null;
  const rng = mulberry32(hashInts(seed, index, PAST_STREAM));
  const zip = demoZip(listing.zip);
  const factors = marketFactors(listing.city, listing.state, asOf);
  const prices = trendIndexes(listing.city, listing.state, asOf).price;
  const psf = (listing.original_list_price ?? listing.list_price) / listing.area!;
  const reach = historyDays(asOf);
  const past: PastListingRecord[] = [];
  // Days before asOf that the place's next listing came on the market.
  let nextOn = Math.round((Date.parse(`${asOf}T00:00:00Z`) - Date.parse(`${listing.on_market_date}T00:00:00Z`)) / 86_400_000);
  for (let n = 0; ; n++) {
    const spread = daysSpread(rng);
    // Its place is empty (or held twice) as the market at the next one's listing month says...
    const k = Math.min(TREND_MONTHS, monthsBack(asOf, nextOn));
    const gap =
      daysOf(spread, distressed, factors.days[k]) * (1 / factors.inventory[k] - 1) +
      uniform(rng, -GAP_NOISE_DAYS, GAP_NOISE_DAYS);
    const offBack = Math.max(1, Math.round(nextOn + gap));
    if (offBack > reach) break;
    // ...and it stays as long as the market at its own listing month says (found in two rounds: that
    // month depends on the stay).
    let days = daysOf(spread, distressed, factors.days[Math.min(TREND_MONTHS, monthsBack(asOf, offBack))]);
    for (let round = 0; round < 2; round++)
      days = daysOf(spread, distressed, factors.days[Math.min(TREND_MONTHS, monthsBack(asOf, offBack + days))]);
    const onBack = offBack + days;
    const area = roundTo(listing.area! * Math.exp(uniform(rng, -0.2, 0.2)), 10);
    const level = prices[Math.min(TREND_MONTHS, monthsBack(asOf, onBack))];
    let price = Math.max(25_000, roundTo(area * psf * level * Math.exp(uniform(rng, -0.08, 0.08)), 1000));
    const point = scatter(rng, zip.latitude, zip.longitude);
    const onDate = daysBefore(asOf, onBack);
    const record: PastListingRecord = {
      listing_key: `DEMO-${seed}-P${String(index).padStart(7, '0')}-${n}`,
      city: listing.city,
      state: listing.state,
      zip: listing.zip,
      area,
      ...point,
      list_price: price,
      cut_dates: [],
      cut_prices: [],
      on_market_date: onDate,
      off_market_date: daysBefore(asOf, offBack),
    };
    for (const day of cutDaysWithin(rng, days, distressed)) {
      price = Math.min(price - 1000, roundTo(price * (1 - cutShare(rng, distressed)), 1000));
      record.cut_dates.push(addDays(onDate, day));
      record.cut_prices.push(price);
    }
    past.push(record);
    nextOn = onBack;
  }
  return past;
}
