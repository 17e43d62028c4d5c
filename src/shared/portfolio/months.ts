/** Months as the portfolio writes them (YYYY-MM) and counts them (a month number: year × 12 + month − 1). */

export const monthNumber = (month: string): number => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

export function monthFromNumber(n: number): string {
  const year = Math.floor(n / 12);
  return `${year}-${String(n - year * 12 + 1).padStart(2, '0')}`;
}

/** The month of a day (YYYY-MM-DD) or an instant. */
export const monthOf = (day: string): string => day.slice(0, 7);

/** Whether `text` is a month (YYYY-MM, 01–12). */
export const isMonth = (text: string): boolean => /^\d{4}-(0[1-9]|1[0-2])$/.test(text);

export function daysInMonth(month: string): number {
  return new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
}

/** "2026-03" → "March 2026". */
export { monthName } from '../format';
