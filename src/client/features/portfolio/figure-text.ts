import { formatCurrency, formatDate, formatPercent } from '../../../shared/format';
import type { RangedEstimate } from '../../../shared/schemas/portfolio';
import { monthLabel } from '../../../shared/trends';
import { PORTFOLIO_TEXT } from './portfolio-text';

/** An estimate's figure and its range: "$372,000" and "Range $351,000–$394,000", or "No estimate". */
export function estimateText(estimate: RangedEstimate | null): { value: string; range: string | null } {
  if (!estimate) return { value: PORTFOLIO_TEXT.noEstimate, range: null };
  const range =
    estimate.low < estimate.high ? PORTFOLIO_TEXT.range(formatCurrency(estimate.low), formatCurrency(estimate.high)) : null;
  return { value: formatCurrency(estimate.value), range };
}

/** A percentage figure ("8.46%"), '—' when there is none yet. */
export const percentText = (value: number | null) => formatPercent(value);

/** '2026-03' → 'Mar 2026'. */
export const monthText = (month: string) => monthLabel(month);

/** '2026-03-15' → 'Mar 15, 2026'. */
export const dayText = (day: string) => formatDate(day);
