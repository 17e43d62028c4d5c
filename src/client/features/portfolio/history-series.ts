import type { PortfolioHistoryMonth } from '../../../shared/schemas/portfolio';

export type HistoryKind = 'cashFlow' | 'value';

export interface HistorySeries {
  key: keyof PortfolioHistoryMonth;
  label: string;
  /** The projection made at purchase: drawn dashed, so it is told from the actuals without colour. */
  projected: boolean;
}

/** What each of the two history charts draws, and its table lists. */
export const HISTORY_CHARTS: Record<HistoryKind, { title: string; series: readonly HistorySeries[] }> = {
  cashFlow: {
    title: 'Cash flow, month by month',
    series: [
      { key: 'actualCashFlow', label: 'Actual cash flow', projected: false },
      { key: 'projectedCashFlow', label: 'Projected cash flow', projected: true },
    ],
  },
  value: {
    title: 'Value and equity',
    series: [
      { key: 'value', label: 'Value', projected: false },
      { key: 'equity', label: 'Equity', projected: false },
      { key: 'projectedValue', label: 'Projected value', projected: true },
      { key: 'loanBalance', label: 'Loan balance', projected: false },
    ],
  },
};

/** A month's figure for a series; null where there is none (a gap in the line). */
export const seriesValue = (month: PortfolioHistoryMonth, series: HistorySeries): number | null => {
  const value = month[series.key];
  return typeof value === 'number' ? value : null;
};
