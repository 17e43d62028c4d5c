import { parseDate } from '../../lib/dates';

/**
 * A RESO row's values as fromReso reads them: text, numbers, dates and timestamps within their bounds,
 * each problem added as a reason the row is rejected.
 */

export type RawRecord = Record<string, unknown>;

export const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export function trimmedText(v: unknown): string {
  return isBlank(v) ? '' : String(v).trim();
}

/** A value as a reason quotes it (at most 40 characters). */
const quoted = (v: unknown) => JSON.stringify(String(v)).slice(0, 40);

export class Problems {
  readonly list: string[] = [];
  add(message: string) {
    this.list.push(message);
  }
}

export function numberField(
  raw: RawRecord,
  field: string,
  p: Problems,
  opts: { required?: boolean; min?: number; max?: number; integer?: boolean } = {},
): number | null {
  const v = raw[field];
  if (isBlank(v)) {
    if (opts.required) p.add(`${field} is required`);
    return null;
  }
  let n: number;
  if (typeof v === 'number') n = v;
  else {
    const s = String(v).trim();
    n = Number(s.includes('$') || s.includes(',') ? s.replace(/[$,]/g, '') : s);
  }
  if (!Number.isFinite(n)) {
    p.add(`${field} is not a number: ${quoted(v)}`);
    return null;
  }
  if (opts.integer && !Number.isInteger(n)) {
    p.add(`${field} must be a whole number`);
    return null;
  }
  if (opts.min !== undefined && n < opts.min) {
    p.add(`${field} must be at least ${opts.min}`);
    return null;
  }
  if (opts.max !== undefined && n > opts.max) {
    p.add(`${field} must be at most ${opts.max}`);
    return null;
  }
  return n;
}

/** The earliest on-market date or price change accepted (a typo such as 1025 is not one). */
export const EARLIEST_DATE = '1900-01-01';
/** A feed written in a time zone ahead of ours may be a day ahead; later than that is an error. */
const FUTURE_SLACK_MS = 86_400_000;

let latestAt = 0;
let latest = '';
/** The latest time a feed may give (a day from now) as an ISO string, made again once a minute. */
export function latestAccepted(now: number): string {
  if (now - latestAt > 60_000) {
    latestAt = now;
    latest = new Date(now + FUTURE_SLACK_MS).toISOString();
  }
  return latest;
}

/** A date (YYYY-MM-DD) between 1900 and tomorrow, or null (blank, or a reason added). */
export function pastDate(raw: RawRecord, field: string, p: Problems, now: number): string | null {
  const v = raw[field];
  if (isBlank(v)) return null;
  const date = parseDate(String(v));
  if (!date) p.add(`${field} is not a date: ${quoted(v)}`);
  else if (date < EARLIEST_DATE) p.add(`${field} is before 1900: ${date}`);
  else if (date > latestAccepted(now).slice(0, 10)) p.add(`${field} is in the future: ${date}`);
  else return date;
  return null;
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
/** The form toISOString writes (and the demo data's feed): read as it is. */
const ISO_UTC = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

/**
 * An ISO 8601 timestamp (`2025-10-01T14:30:00Z`, an offset such as `-05:00`, or none: UTC) or a
 * date (midnight UTC) as an ISO string in UTC; null when it is not one.
 */
export function parseTimestamp(value: string): string | null {
  const v = value.trim();
  const iso = ISO_UTC.exec(v);
  if (iso) return parseDate(iso[1]) === iso[1] ? v : null;
  const m = DATE_TIME.exec(v);
  if (!m) {
    const date = parseDate(v);
    return date && !/[T ]/.test(v) ? `${date}T00:00:00.000Z` : null;
  }
  const [, day, hours, minutes, seconds = '00', fraction = '', zone = 'Z'] = m;
  if (parseDate(day) !== day || Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return null;
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : zone.length === 3 ? `${zone}:00` : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const ms = Date.parse(`${day}T${hours}:${minutes}:${seconds}${fraction.slice(0, 4)}${offset}`);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/** A timestamp between 1900 and a day from now, or null (blank, or a reason added). */
export function pastTimestamp(raw: RawRecord, field: string, p: Problems, now: number): string | null {
  const v = raw[field];
  if (isBlank(v)) return null;
  const at = parseTimestamp(String(v));
  if (!at) p.add(`${field} is not a date and time: ${quoted(v)}`);
  else if (at < EARLIEST_DATE) p.add(`${field} is before 1900: ${at}`);
  else if (at > latestAccepted(now)) p.add(`${field} is in the future: ${at}`);
  else return at;
  return null;
}

/** The close date a sold comp and a lease require, or null (a reason added). */
export function closeDate(raw: RawRecord, p: Problems): string | null {
  let date: string | null = null;
  if (isBlank(raw.CloseDate)) p.add('CloseDate is required');
  else if (!(date = parseDate(String(raw.CloseDate)))) p.add(`CloseDate is not a date: ${quoted(raw.CloseDate)}`);
  return date;
}
