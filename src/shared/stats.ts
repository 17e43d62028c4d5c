/** Order statistics the comps, the lease comps and the deal figures share. */

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Quartiles by linear interpolation between order statistics (R type 7, like a spreadsheet). */
export function quartiles(values: readonly number[]): { q1: number; q3: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => {
    const pos = (sorted.length - 1) * p;
    const lo = Math.floor(pos);
    const hi = Math.ceil(pos);
    return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
  };
  return { q1: at(0.25), q3: at(0.75) };
}

/**
 * The items whose value lies within `factor` × IQR of the quartiles (Tukey's fences); all of them when
 * fewer than `minCount` have a value. An item without a value (null) stays.
 */
export function withinFences<T>(items: readonly T[], value: (item: T) => number | null, factor: number, minCount: number): T[] {
  const values: number[] = [];
  for (const item of items) {
    const v = value(item);
    if (v !== null) values.push(v);
  }
  if (values.length < minCount) return [...items];
  const { q1, q3 } = quartiles(values);
  const low = q1 - factor * (q3 - q1);
  const high = q3 + factor * (q3 - q1);
  return items.filter((item) => {
    const v = value(item);
    return v === null || (v >= low && v <= high);
  });
}

/** YYYY-MM-DD `months` months before `date` (day clamped to the month's length). */
export function monthsBefore(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const total = y * 12 + (m - 1) - months;
  const year = Math.floor(total / 12);
  const month = total - year * 12; // 0-based
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const DAY_MS = 86_400_000;

/** A YYYY-MM-DD date as whole days since 1970-01-01 (a number compares faster than a date's text). */
export function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** `value` to the nearest multiple of `step`. */
export const roundTo = (value: number, step: number): number => Math.round(value / step) * step;

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
