/**
 * Days on market and price cuts as the list, the markers, the popup and the property page say them
 * (docs/map-search.md, "Days on market and price cuts"). Pure functions over the summary's and the
 * whole property's fields, so every place words them alike.
 */
import { formatCurrency, formatDate, formatInteger, MISSING } from './format';

/** A cut whose last price change is at most this many days old gets the marker's badge. */
export const RECENT_CUT_DAYS = 14;

/** The glyph the marker of a recent cut carries instead of the pin's plain dot. */
export const RECENT_CUT_GLYPH = '↓';

/** What the badge reads: the cut and how long ago the price changed. */
export interface CutFacts {
  /** The cut from the original list price, percent (0: none). */
  PriceCutPercent: number;
  /** Days since the last list price change; null for none. */
  PriceChangeDays: number | null;
}

export interface ListingAgeFacts {
  /** Days since it came on the market; null when the feed gave no date. */
  DaysOnMarket: number | null;
  PriceCutPercent: number;
}

/** True when the price is cut and the last change is at most RECENT_CUT_DAYS old. */
export function hasRecentCut(p: CutFacts): boolean {
  return p.PriceCutPercent > 0 && p.PriceChangeDays !== null && p.PriceChangeDays >= 0 && p.PriceChangeDays <= RECENT_CUT_DAYS;
}

/** A percentage to at most one decimal, no trailing zero: 5 → '5%', 4.75 → '4.8%'. */
export function formatCutPercent(percent: number): string {
  const rounded = Math.round(percent * 10) / 10;
  return `${rounded.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}

/** Days on market in a few words: 'Listed today', '1 day', '47 days'; null when unknown. */
export function daysOnMarketText(days: number | null): string | null {
  if (days === null || !Number.isFinite(days) || days < 0) return null;
  if (days === 0) return 'Listed today';
  return `${formatInteger(days)} day${days === 1 ? '' : 's'}`;
}

/**
 * Days on market with the date it came on the market: '47 days, since Oct 10, 2026'; 'Listed today
 * (Nov 26, 2026)'; the days alone without a date, the date alone without days; null with neither.
 */
export function onMarketText(days: number | null, onMarketDate: string | null): string | null {
  const text = daysOnMarketText(days);
  const date = onMarketDate ? formatDate(onMarketDate) : null;
  const day = date && date !== MISSING ? date : null;
  if (text && day) return days === 0 ? `${text} (${day})` : `${text}, since ${day}`;
  return text ?? (day ? `Since ${day}` : null);
}

/**
 * The list row's line: '47 days · cut 5%'; the days alone without a cut, the cut alone without a
 * known date; '' when the listing has neither.
 */
export function listingAgeText(p: ListingAgeFacts): string {
  const parts = [daysOnMarketText(p.DaysOnMarket), p.PriceCutPercent > 0 ? `cut ${formatCutPercent(p.PriceCutPercent)}` : null];
  return parts.filter((part): part is string => part !== null).join(' · ');
}

/** 'today', 'yesterday', '3 days ago'. */
export function daysAgoText(days: number): string {
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  return `${formatInteger(days)} days ago`;
}

/** The badge's words for a marker's title: 'price cut 5% 3 days ago'; null without a recent cut. */
export function recentCutText(p: CutFacts): string | null {
  if (!hasRecentCut(p)) return null;
  return `price cut ${formatCutPercent(p.PriceCutPercent)} ${daysAgoText(p.PriceChangeDays!)}`;
}

/** A price change in percent of the old price, to one decimal: 400,000 → 380,000 is -5. */
export function priceChangePercent(oldPrice: number, newPrice: number): number | null {
  if (!(oldPrice > 0) || !Number.isFinite(newPrice)) return null;
  return Math.round((1000 * (newPrice - oldPrice)) / oldPrice) / 10;
}

/** A price change's percent with its sign: '−5%', '+2.5%', '0%' ('—' without an old price). */
export function formatPriceChange(oldPrice: number, newPrice: number): string {
  const change = priceChangePercent(oldPrice, newPrice);
  if (change === null) return MISSING;
  if (change === 0) return '0%';
  return `${change < 0 ? '−' : '+'}${formatCutPercent(Math.abs(change))}`;
}

/** One price change as the history table's price column says it: '$480,000 → $456,000'. */
export function priceChangeText(oldPrice: number, newPrice: number): string {
  return `${formatCurrency(oldPrice)} → ${formatCurrency(newPrice)}`;
}

/**
 * The original price with the cut, as the popup and the property page say it: '$480,000 (cut 5%)';
 * '$400,000 (raised since)' when the price went up; null without an original price different from
 * the list price.
 */
export function originalPriceText(original: number | null, listPrice: number, cutPercent: number): string | null {
  if (original === null || !Number.isFinite(original) || original === listPrice) return null;
  if (cutPercent > 0) return `${formatCurrency(original)} (cut ${formatCutPercent(cutPercent)})`;
  return original > listPrice ? formatCurrency(original) : `${formatCurrency(original)} (raised since)`;
}

/** A marker's title and accessible name: the address, and the recent cut when there is one. */
export function markerTitle(address: string, p: CutFacts): string {
  const cut = recentCutText(p);
  return cut ? `${address} — ${cut}` : address;
}

/**
 * A listing the feed took off the market (issue 30), as its page says it: "Off market (Withdrawn)
 * since Nov 27, 2026". `since` is when Dealmap marked it, an ISO instant; its UTC day is shown.
 */
export function offMarketText(offMarket: { since: string; status: string }): string {
  return `Off market (${offMarket.status}) since ${formatDate(offMarket.since)}`;
}
