import { formatCurrency } from '../format';
import type { PortfolioFigures, PortfolioMonth, PortfolioPlan } from '../schemas/portfolio';
import { daysInMonth, monthName, monthNumber } from './months';
import { projectedMonth } from './plan';

/**
 * "What changed", in words: how a property's actuals differ from the projection made at purchase
 * (docs/portfolio.md, "What changed"). Small differences are not news: a rent within $25 (or 2 %) of
 * the projection, expenses within $100 (or 10 %) over the months entered, a value within 1 %.
 */
export const CHANGE_RULES = {
  rentDollars: 25,
  rentShare: 0.02,
  expenseDollars: 100,
  expenseShare: 0.1,
  valueShare: 0.01,
} as const;

interface PropertyFacts {
  plan: PortfolioPlan;
  purchasePrice: number;
  /** The purchase's month number. */
  purchase: number;
  months: readonly PortfolioMonth[];
  figures: PortfolioFigures;
  expensesToDate: number;
  projectedExpensesToDate: number;
}

const money = (value: number) => formatCurrency(Math.abs(value));
const roundedMoney = (value: number) => formatCurrency(Math.round(Math.abs(value) / 10) * 10);
const side = (difference: number, below = 'below', above = 'above') => (difference < 0 ? below : above);
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The rent of the latest run of occupied months that differed from the projection the same way:
 * "Rent $150/mo below the projection since March 2026" (one month: "in November 2026").
 */
function rentChange(f: PropertyFacts): string | null {
  const occupied = [...f.months]
    .filter((m) => m.vacantDays === 0)
    .sort((a, b) => a.month.localeCompare(b.month))
    .map((m) => ({
      month: m.month,
      gap: m.rent - projectedMonth(f.plan, f.purchasePrice, f.purchase, monthNumber(m.month)).grossRent,
    }))
    .filter((m) => monthNumber(m.month) > f.purchase);
  const latest = occupied[occupied.length - 1];
  const counts = (gap: number) =>
    Math.abs(gap) >= Math.max(CHANGE_RULES.rentDollars, f.plan.monthlyRent * CHANGE_RULES.rentShare);
  if (!latest || !counts(latest.gap)) return null;
  const run = [];
  for (
    let i = occupied.length - 1;
    i >= 0 && counts(occupied[i].gap) && Math.sign(occupied[i].gap) === Math.sign(latest.gap);
    i--
  ) {
    run.unshift(occupied[i]);
  }
  const average = run.reduce((total, m) => total + m.gap, 0) / run.length;
  const when = run.length === 1 ? `in ${monthName(run[0].month)}` : `since ${monthName(run[0].month)}`;
  return `Rent ${roundedMoney(average)}/mo ${side(average)} the projection ${when}`;
}

/** "Vacancy 2 months (45 days; the projection allowed 9)", or "No vacancy in 6 months". */
function vacancyChange(f: PropertyFacts): string | null {
  if (!f.months.length) return null;
  const vacant = f.months.filter((m) => m.vacantDays > 0);
  const allowed = Math.round(f.months.reduce((total, m) => total + (daysInMonth(m.month) * f.plan.vacancyPercent) / 100, 0));
  if (!vacant.length) return `No vacancy in ${plural(f.months.length, 'month')}`;
  const days = vacant.reduce((total, m) => total + m.vacantDays, 0);
  return `Vacancy ${plural(vacant.length, 'month')} (${plural(days, 'day')}; the projection allowed ${allowed})`;
}

function expenseChange(f: PropertyFacts): string | null {
  const difference = f.expensesToDate - f.projectedExpensesToDate;
  const threshold = Math.max(CHANGE_RULES.expenseDollars, f.projectedExpensesToDate * CHANGE_RULES.expenseShare);
  if (!f.months.length || Math.abs(difference) < threshold) return null;
  return `Expenses ${money(difference)} ${side(difference, 'under', 'over')} the projection over ${plural(f.months.length, 'month')}`;
}

/** "Cash flow $1,450 to date: $600 below the projection" (the months with actuals). */
export function cashFlowChange(figures: PortfolioFigures): string | null {
  if (!figures.monthsWithActuals) return null;
  const difference = figures.cashFlowToDate - figures.projectedCashFlowToDate;
  const toDate = `${figures.cashFlowToDate < 0 ? '−' : ''}${money(figures.cashFlowToDate)}`;
  if (Math.round(difference) === 0) return `Cash flow ${toDate} to date, as projected`;
  return `Cash flow ${toDate} to date: ${money(difference)} ${side(difference)} the projection`;
}

/** "Value estimate $312,000 ($290,000–$335,000): $12,000 above the projection". */
export function valueChange(figures: PortfolioFigures): string {
  const { value, projectedValue } = figures;
  if (!value) return 'No value estimate: Dealmap has too few recent sales nearby';
  const range = `${formatCurrency(value.low)}–${formatCurrency(value.high)}`;
  const difference = value.value - projectedValue;
  if (Math.abs(difference) < projectedValue * CHANGE_RULES.valueShare) {
    return `Value estimate ${formatCurrency(value.value)} (${range}), as projected`;
  }
  return `Value estimate ${formatCurrency(value.value)} (${range}): ${money(difference)} ${side(difference)} the projection`;
}

export function propertyChanges(f: PropertyFacts): string[] {
  if (!f.months.length) {
    return [
      valueChange(f.figures),
      'No actuals yet: enter a month’s rent, vacancy and expenses to compare them with the projection',
    ];
  }
  return [rentChange(f), vacancyChange(f), expenseChange(f), cashFlowChange(f.figures), valueChange(f.figures)].filter(
    (line): line is string => line !== null,
  );
}

/** The whole portfolio: its cash flow and value, then each property's rent and vacancy news, by address. */
export function portfolioChanges(
  totals: PortfolioFigures,
  properties: ReadonlyArray<{ address: string; figures: PortfolioFigures }>,
): string[] {
  const lines = [cashFlowChange(totals)];
  const unvalued = properties.filter((p) => !p.figures.value);
  if (properties.length && unvalued.length < properties.length) {
    lines.push(valueChange(totals));
  }
  if (unvalued.length) {
    const counted = properties.length - unvalued.length;
    const rest = counted === 0 ? '' : `: value and equity count the other ${counted === 1 ? 'one' : counted}`;
    lines.push(`No value estimate for ${unvalued.map((p) => p.address).join(', ')}${rest}`);
  }
  for (const p of properties) {
    for (const line of p.figures.changes) if (/^(Rent|Vacancy|Expenses)/.test(line)) lines.push(`${p.address}: ${line}`);
  }
  return lines.filter((line): line is string => line !== null);
}
