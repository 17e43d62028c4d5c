import { formatDate } from '../../src/shared/format';
import { isRateStale, rateAgeDays, RATES_STALE_AFTER_DAYS, staleRatesNote } from '../../src/shared/rates-staleness';

/** A local calendar day (the staleness rule reads the viewer's own date). */
const day = (y: number, m: number, d: number) => new Date(y, m - 1, d, 9, 30);

describe('formatDate', () => {
  it('writes a calendar day as "Nov 20, 2025", without a time zone shift', () => {
    expect(formatDate('2025-11-20')).toBe('Nov 20, 2025');
    expect(formatDate('2026-01-01')).toBe('Jan 1, 2026');
    expect(formatDate('2025-12-31')).toBe('Dec 31, 2025');
  });
  it('answers a dash for something that is not a day', () => {
    expect(formatDate('')).toBe('—');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('2025-13-01')).toBe('—');
    expect(formatDate('yesterday')).toBe('—');
  });
});

describe('rate staleness', () => {
  it('counts whole calendar days, across month and year ends', () => {
    expect(rateAgeDays('2025-11-20', day(2025, 11, 20))).toBe(0);
    expect(rateAgeDays('2025-12-25', day(2026, 1, 8))).toBe(14);
    expect(rateAgeDays('2024-02-28', day(2024, 3, 1))).toBe(2);
    expect(rateAgeDays('not a day', day(2025, 1, 1))).toBeNull();
  });

  it(`is stale only when older than ${RATES_STALE_AFTER_DAYS} days`, () => {
    expect(isRateStale('2025-11-20', day(2025, 12, 4))).toBe(false); // 14 days
    expect(isRateStale('2025-11-20', day(2025, 12, 5))).toBe(true); // 15 days
    expect(isRateStale('2025-11-20', day(2025, 11, 21))).toBe(false);
    expect(isRateStale('bad', day(2025, 11, 21))).toBe(false);
  });

  it('says when the rates were last updated, only when they are out of date', () => {
    expect(staleRatesNote('2025-11-20', day(2026, 11, 25))).toBe('Rates last updated Nov 20, 2025 — out of date');
    expect(staleRatesNote('2026-11-19', day(2026, 11, 25))).toBeNull();
    expect(staleRatesNote(null, day(2026, 11, 25))).toBeNull();
    expect(staleRatesNote(undefined, day(2026, 11, 25))).toBeNull();
  });
});
