import { roundTo } from '../../../shared/stats';
import { clamp, uniform, type Rng } from './random';

/**
 * How long each demo listing has been on the market and the price cuts it took on the way
 * (docs/listings.md, "Days on market and price cuts"). Calibrated to Realtor.com's national Monthly
 * Housing Trends Report for August 2025, applied to every demo city alike: median days on market 60,
 * and 20.3 % of active listings had their price reduced during the month.
 */

/** The published figures the demo data is held to (test/server/modules/demo-data/demo-data.test.ts). */
export const PUBLISHED_MEDIAN_DAYS_ON_MARKET = 60;
export const PUBLISHED_MONTHLY_CUT_SHARE = 0.203;

/**
 * Days on market: log-normal (right-skewed: a few days to many months), with this median for a
 * retail listing, chosen so that the whole data set (distressed listings included) has the published
 * median. The spread and the bounds are our choice.
 */
const RETAIL_MEDIAN_DAYS = 58;
const DAYS_SIGMA = 0.95;
const MAX_DAYS = 720;
/** Bank sales, short sales, estates and fixers stay longer and are cut more often (our assumption, not a published figure). */
const DISTRESSED_DAYS_FACTOR = 1.6;
const DISTRESSED_CUT_FACTOR = 1.6;

/**
 * Cuts: none in a listing's first two weeks, then at random (a Poisson process) at this rate a day,
 * chosen so that the published share of listings had a cut in the last 30 days. At most four.
 */
const GRACE_DAYS = 14;
const CUT_RATE_PER_DAY = 0.0105;
const MAX_CUTS = 4;
/** Each cut, as a share of the price before it (our assumption). */
const RETAIL_CUT = [0.015, 0.05] as const;
const DISTRESSED_CUT = [0.03, 0.08] as const;

export interface PriceCut {
  /** Days before the as-of day (at least 1: a cut is never later than the load). */
  daysAgo: number;
  /** The price before the cut. */
  from: number;
  to: number;
  /** Hour of the day (UTC) the change was entered. */
  hour: number;
}

export interface MarketTime {
  /** Days on the market on the as-of day. */
  days: number;
  /** Oldest first; the last one's `to` is the listing's price. */
  cuts: PriceCut[];
}

/** A standard normal variate (Box–Muller). */
function normal(rng: Rng): number {
  const u = 1 - rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}

/** The price a listing asked before a cut of `share` brought it to `price`, in the listing's rounding. */
function priceBefore(price: number, share: number): number {
  const raw = price / (1 - share);
  // The generator's prices end in 000 or in 900 (…4,900, …9,900): an earlier price like them, in
  // steps of 5,000 only where that is under 2 % of it.
  const like = price % 1000 === 900 ? roundTo(raw + 100, raw >= 250_000 ? 5000 : 1000) - 100 : roundTo(raw, 1000);
  return like > price ? like : price + 1000;
}

/** A draw of days on the market: their ratio to the median (log-normal). */
export const daysSpread = (rng: Rng): number => Math.exp(DAYS_SIGMA * normal(rng));

/** Days on the market of `spread` (daysSpread), times `factor`: 1 to MAX_DAYS. */
export function daysOf(spread: number, distressed: boolean, factor = 1): number {
  const median = RETAIL_MEDIAN_DAYS * (distressed ? DISTRESSED_DAYS_FACTOR : 1) * factor;
  return clamp(Math.round(median * spread), 1, MAX_DAYS);
}

/** The days its price was cut, counted from the listing day, within its first `days` − 1 days. */
export function cutDaysWithin(rng: Rng, days: number, distressed: boolean): number[] {
  const rate = CUT_RATE_PER_DAY * (distressed ? DISTRESSED_CUT_FACTOR : 1);
  const cutDays: number[] = [];
  const gap = () => -Math.log(1 - rng()) / rate;
  for (let t = GRACE_DAYS + gap(); t <= days - 1 && cutDays.length < MAX_CUTS; t += gap()) {
    const day = Math.floor(t);
    if (day > (cutDays.at(-1) ?? -1)) cutDays.push(day);
  }
  return cutDays;
}

/** A cut's share of the price before it. */
export function cutShare(rng: Rng, distressed: boolean): number {
  const [least, most] = distressed ? DISTRESSED_CUT : RETAIL_CUT;
  return uniform(rng, least, most);
}

/** A listing's time on the market and its cuts, ending at `price` (its list price now). */
export function marketTime(rng: Rng, price: number, distressed: boolean): MarketTime {
  const days = daysOf(daysSpread(rng), distressed);
  // Cut days: after the grace period and before the as-of day.
  const cutDays = cutDaysWithin(rng, days, distressed);
  // Prices walk back from today's: the last cut ends at it.
  const cuts: PriceCut[] = [];
  let to = price;
  for (let i = cutDays.length - 1; i >= 0; i--) {
    const from = priceBefore(to, cutShare(rng, distressed));
    cuts.unshift({ daysAgo: days - cutDays[i], from, to, hour: 14 + Math.floor(rng() * 9) });
    to = from;
  }
  return { days, cuts };
}
