import { formatDate } from './format';

/** The latest 30-year rate is out of date when its survey week is more than this many days old. */
export const RATES_STALE_AFTER_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days from the calendar day `asOf` (YYYY-MM-DD) to `today`'s local calendar day; null for a bad date. */
export function rateAgeDays(asOf: string, today: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(asOf);
  if (!match) return null;
  const then = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const now = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((now - then) / DAY_MS);
}

/** True when the rate of `asOf` is older than RATES_STALE_AFTER_DAYS days on `today`. */
export function isRateStale(asOf: string, today: Date): boolean {
  const age = rateAgeDays(asOf, today);
  return age !== null && age > RATES_STALE_AFTER_DAYS;
}

/** 'Rates last updated Nov 20, 2025 — out of date' when the rate is stale on `today`, else null. */
export function staleRatesNote(asOf: string | null | undefined, today: Date): string | null {
  if (!asOf || !isRateStale(asOf, today)) return null;
  return `Rates last updated ${formatDate(asOf)} — out of date`;
}
