/**
 * Display formats: currency USD (en-US), ROI 2 decimals, occupancy 1 decimal,
 * months 1 decimal; bathrooms with one decimal when more than 1; addresses title-cased with the state
 * upper-cased. Pure functions shared by the client and any server-side rendering.
 */

/** What a missing number is shown as. */
export const MISSING = '—';

const usdFormatters = new Map<number, Intl.NumberFormat>();
function usdFormatter(decimals: number): Intl.NumberFormat {
  let f = usdFormatters.get(decimals);
  if (!f) {
    f = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    usdFormatters.set(decimals, f);
  }
  return f;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** '$1,234,500' (whole dollars unless `decimals`); '—' for a missing value. */
export function formatCurrency(value: number | null | undefined, decimals = 0): string {
  return isNumber(value) ? usdFormatter(decimals).format(value) : MISSING;
}

function fixed(value: number, decimals: number): string {
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
}

/** ROI in percent with 2 decimals: 8.456 → '8.46%'. */
export function formatRoi(value: number | null | undefined): string {
  return isNumber(value) ? `${fixed(value, 2)}%` : MISSING;
}

/** The symbol shown for an infinite cash-on-cash return (no cash left in the deal, and it cash-flows). */
export const INFINITE_ROI = '∞';

/**
 * Cash-on-cash ROI: the calculators report null with `cashOnCashInfinite` when no cash is left in a
 * deal that cash-flows (shown '∞'); null without the flag is '—'.
 */
export function formatCashOnCash(value: number | null | undefined, infinite?: boolean | null): string {
  if (isNumber(value)) return formatRoi(value);
  return infinite ? INFINITE_ROI : MISSING;
}

/** Occupancy in percent with 1 decimal: 72.34 → '72.3%'. */
export function formatOccupancy(value: number | null | undefined): string {
  return isNumber(value) ? `${fixed(value, 1)}%` : MISSING;
}

/** A generic percentage with 2 decimals (cap rate, return on investment). */
export const formatPercent = formatRoi;

/** Months with 1 decimal: 5 → '5.0 months'. */
export function formatMonths(value: number | null | undefined): string {
  if (!isNumber(value)) return MISSING;
  return `${fixed(value, 1)} month${value === 1 ? '' : 's'}`;
}

/** Bathrooms: one decimal when more than 1 (2.5, 3.0), else an integer (1, 0). */
export function formatBaths(value: number | null | undefined): string {
  if (!isNumber(value)) return MISSING;
  return value > 1 ? value.toFixed(1) : String(Math.round(value));
}

/** Whole numbers with grouping: 1850 → '1,850'. */
export function formatInteger(value: number | null | undefined): string {
  return isNumber(value) ? fixed(Math.round(value), 0) : MISSING;
}

/** Square feet: 1850 → '1,850 sq ft'. */
export function formatSquareFeet(value: number | null | undefined): string {
  return isNumber(value) ? `${formatInteger(value)} sq ft` : MISSING;
}

/** A distance in miles, one decimal: 0.62 → '0.6 mi'; under 0.05 → '< 0.1 mi'. */
export function formatMiles(value: number | null | undefined): string {
  if (!isNumber(value)) return MISSING;
  return value < 0.05 ? '< 0.1 mi' : `${fixed(value, 1)} mi`;
}

const UPPER_WORDS = new Set(['NE', 'NW', 'SE', 'SW', 'PO', 'US', 'FM', 'RR', 'II', 'III', 'IV']);

function titleWord(word: string): string {
  if (!word) return word;
  const upper = word.toUpperCase();
  if (UPPER_WORDS.has(upper.replace(/[.,]/g, ''))) return upper;
  // Ordinals stay lower after the digits (1st, 22nd, 103rd, 12th); other digit-led tokens (4B, 12A) upper.
  if (/^\d/.test(word)) return /^\d+(st|nd|rd|th)$/i.test(word) ? word.toLowerCase() : upper;
  // Capitalise after the start and after hyphens, slashes and apostrophes followed by 2+ letters (O'Neil).
  return word
    .toLowerCase()
    .replace(/(^|[-/(])([a-z])/g, (_m, sep: string, ch: string) => sep + ch.toUpperCase())
    .replace(/'([a-z])(?=[a-z]{2,})/g, (_m, ch: string) => `'${ch.toUpperCase()}`);
}

/** 'OLD AUSTIN-BASTROP HWY' → 'Old Austin-Bastrop Hwy'; whitespace collapsed. */
export function titleCase(text: string | null | undefined): string {
  return String(text ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(titleWord)
    .join(' ');
}

export interface AddressParts {
  PropertyAddressFull?: string | null;
  PropertyAddressCity?: string | null;
  PropertyAddressState?: string | null;
  PropertyAddressZIP?: string | null;
}

/**
 * The formatted address: 'Address, City, ST 78701' — street and city title-cased,
 * state upper-cased; empty parts are left out.
 */
export function formatAddress(p: AddressParts): string {
  const street = titleCase(p.PropertyAddressFull);
  const city = titleCase(p.PropertyAddressCity);
  const state = String(p.PropertyAddressState ?? '')
    .trim()
    .toUpperCase();
  const zip = String(p.PropertyAddressZIP ?? '').trim();
  const stateZip = [state, zip].filter(Boolean).join(' ');
  return [street, city, stateZip].filter(Boolean).join(', ');
}

/**
 * A person's name as lists and confirmations show it: "First Last", or the email (username) when
 * they have no name (a self-signed-up user), so there is always something to read and to type.
 */
export function personName(p: { firstName?: string | null; lastName?: string | null; username?: string | null }): string {
  const name = `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim().replace(/\s+/g, ' ');
  return name || (p.username ?? '').trim();
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar day: '2025-11-20' → 'Nov 20, 2025' (no time zone involved); '—' when it is not a day. */
export function formatDate(day: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day ?? '');
  if (!match) return MISSING;
  const month = MONTHS[Number(match[2]) - 1];
  return month ? `${month} ${Number(match[3])}, ${match[1]}` : MISSING;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "2025-11" → "November 2025". */
export function monthName(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const name = match ? MONTH_NAMES[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : month;
}
