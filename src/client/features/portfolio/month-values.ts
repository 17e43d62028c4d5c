import dayjs, { type Dayjs } from 'dayjs';
import type { PortfolioActuals, PortfolioMonth } from '../../../shared/schemas/portfolio';

/** '2026-03' → the first day of March 2026. */
export const monthStart = (month: string) => dayjs(`${month}-01`);

export interface MonthFormValues {
  month?: Dayjs | null;
  rent?: number | null;
  vacantDays?: number | null;
  expenses?: number | null;
  note?: string;
}

/** PUT /portfolio/properties/:id/months/:month's body: an empty note is left out. */
export function actualsOf(values: MonthFormValues): PortfolioActuals {
  const note = values.note?.trim();
  return {
    rent: values.rent ?? 0,
    vacantDays: values.vacantDays ?? 0,
    expenses: values.expenses ?? 0,
    ...(note ? { note } : {}),
  };
}

/**
 * A new month's first values: the month after the latest one entered (this month at the latest, the
 * month after the purchase at the earliest: the projection starts then), with that month's rent and
 * expenses as a starting point.
 */
export function newMonthValues(months: readonly PortfolioMonth[], purchaseDate: string, today = dayjs()): MonthFormValues {
  const latest = [...months].sort((a, b) => b.month.localeCompare(a.month))[0];
  const thisMonth = today.startOf('month');
  let month = latest ? monthStart(latest.month).add(1, 'month') : dayjs(purchaseDate).startOf('month').add(1, 'month');
  if (month.isAfter(thisMonth)) month = thisMonth;
  return { month, rent: latest?.rent ?? null, vacantDays: 0, expenses: latest?.expenses ?? null, note: '' };
}

/** An entered month's values, to edit. */
export const editMonthValues = (m: PortfolioMonth): MonthFormValues => ({
  month: monthStart(m.month),
  rent: m.rent,
  vacantDays: m.vacantDays,
  expenses: m.expenses,
  note: m.note ?? '',
});
