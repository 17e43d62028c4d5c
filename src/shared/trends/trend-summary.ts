import type { TrendMonth } from '../schemas/market-trends';
import { formatPercentChange } from './trend-format';

/** The figures a summary or a chart can follow over time. */
export type TrendMetric =
  | 'listPrice'
  | 'listPricePerSqft'
  | 'soldPrice'
  | 'soldPricePerSqft'
  | 'saleToListPercent'
  | 'rent'
  | 'rentPerSqft'
  | 'daysOnMarket'
  | 'priceCutPercent'
  | 'monthsOfSupply'
  | 'grossYieldPercent';

/** The latest month with a value, and the value twelve months (or `span`) before it, where both exist. */
export function changeOver(
  months: readonly TrendMonth[],
  metric: TrendMetric,
  span = 12,
): { from: number; to: number; month: string; percent: number } | null {
  for (let i = months.length - 1; i >= span; i--) {
    const to = months[i][metric].value;
    if (to === null) continue;
    const from = months[i - span][metric].value;
    if (from === null || from === 0) return null;
    return { from, to, month: months[i].month, percent: (100 * (to - from)) / from };
  }
  return null;
}

/** What moved over the last 12 months, in words: "rents +2.1 %", "days on market 48 → 61" (too few records: left out). */
export function trendChanges(months: readonly TrendMonth[]): string[] {
  const parts: string[] = [];
  const price = changeOver(months, 'soldPricePerSqft');
  if (price) parts.push(`sold $/sq ft ${formatPercentChange(price.percent)}`);
  const rent = changeOver(months, 'rent');
  if (rent) parts.push(`rents ${formatPercentChange(rent.percent)}`);
  const days = changeOver(months, 'daysOnMarket');
  if (days) parts.push(`days on market ${Math.round(days.from)} → ${Math.round(days.to)}`);
  return parts;
}

/**
 * The market's year in one line: "Austin, TX over 12 months: rents +2.1 %, days on market 48 → 61";
 * null when nothing can be said.
 */
export function trendSummary(label: string, months: readonly TrendMonth[]): string | null {
  const parts = trendChanges(months);
  return parts.length ? `${label} over 12 months: ${parts.join(', ')}` : null;
}
