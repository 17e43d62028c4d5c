/**
 * The loan-term helper: term text → months.
 * "30-Year Fixed" or anything 'jumbo' → 360; 20 → 240; 15 → 180; 10 → 120; 7 → 84; 5 → 60
 * (a year count followed by the word year); any other text → 0.
 */
const MONTHS_BY_YEARS: Readonly<Record<number, number>> = { 30: 360, 20: 240, 15: 180, 10: 120, 7: 84, 5: 60 };

export function loanTermMonths(text: string | null | undefined): number {
  if (typeof text !== 'string') return 0;
  const lower = text.toLowerCase();
  if (lower.includes('jumbo')) return 360;
  const match = /(\d+)[\s-]*years?\b/.exec(lower) ?? /(\d+)[\s-]*yr\b/.exec(lower);
  if (!match || !/year/.test(lower)) return 0;
  return MONTHS_BY_YEARS[Number(match[1])] ?? 0;
}
