import { irr } from '../invest/cash-flow';
import { monthlyPayment } from '../invest/mortgage';
import type {
  PortfolioFigures,
  PortfolioHistoryMonth,
  PortfolioLoan,
  PortfolioMonth,
  PortfolioPlan,
  RangedEstimate,
} from '../schemas/portfolio';
import { IRR_MIN_MONTHS } from './limits';
import { monthFromNumber, monthNumber, monthOf } from './months';
import { loanAt, projectedMonth } from './plan';
import { portfolioChanges, propertyChanges } from './what-changed';

/**
 * A property's figures to date, actual against the projection made when it was bought (docs/portfolio.md,
 * "The figures"). The projection expects, from the month after the purchase, the plan's rent less its
 * vacancy and its expenses, each grown once a year, and the value grown monthly by its appreciation; the
 * loan is paid from the month after it starts on the engine's schedule. Actual and projected are compared
 * over the same months: those with actuals.
 */

export interface OwnedProperty {
  purchasePrice: number;
  purchaseDate: string;
  loan: PortfolioLoan | null;
  plan: PortfolioPlan;
  months: readonly PortfolioMonth[];
  /** The value estimate kept for each past month (its snapshot), by month. */
  snapshots: ReadonlyMap<string, number>;
  /** Today's estimates. */
  value: RangedEstimate | null;
  rent: RangedEstimate | null;
}

/** The longest history a property shows (months back from now). */
export const HISTORY_MONTHS = 360;

/** One property's months, actual against projected, on a month-number axis. */
export interface PropertyTimeline {
  figures: PortfolioFigures;
  history: PortfolioHistoryMonth[];
  /** For the whole portfolio's IRR: the cash in, each month's flows and the equity at the end. */
  flows: { start: number; end: number; cashInvested: number; actual: Map<number, number>; projected: Map<number, number> };
  /** Whether the property has a year of ownership to its last month with actuals (IRR_MIN_MONTHS). */
  canIrr: boolean;
  endEquity: { actual: number | null; projected: number };
}

/** A yearly rate from monthly flows (percent), or null when none exists. */
export function yearlyIrr(flows: readonly number[]): number | null {
  if (flows.length < 2) return null;
  const monthly = irr(flows);
  return monthly === null ? null : (Math.pow(1 + monthly, 12) - 1) * 100;
}

const cashOnCash = (cashFlow: number, months: number, cashInvested: number) =>
  months > 0 && cashInvested > 0 ? ((cashFlow / months) * 12 * 100) / cashInvested : null;

/** Flows from `start` to `end` (month numbers): the cash in first, each month's flow, the equity added to the last. */
function irrFlows(start: number, end: number, cashInvested: number, monthly: ReadonlyMap<number, number>, equity: number) {
  const flows = [-cashInvested];
  for (let n = start + 1; n <= end; n++) flows.push(monthly.get(n) ?? 0);
  flows[flows.length - 1] += equity;
  return flows;
}

export function propertyTimeline(p: OwnedProperty, asOf: string): PropertyTimeline {
  const purchase = monthNumber(monthOf(p.purchaseDate));
  const now = monthNumber(asOf);
  const actuals = new Map(p.months.map((m) => [monthNumber(m.month), m]));
  const actual = new Map<number, number>();
  const projected = new Map<number, number>();
  const history: PortfolioHistoryMonth[] = [];
  let cashFlowToDate = 0;
  let projectedCashFlowToDate = 0;
  let expensesToDate = 0;
  let projectedExpensesToDate = 0;
  let last = purchase;
  for (let n = purchase; n <= now; n++) {
    const month = monthFromNumber(n);
    const { payment, balance } = loanAt(p.loan, n);
    const plan = projectedMonth(p.plan, p.purchasePrice, purchase, n);
    const projectedCashFlow = plan.rent - plan.expenses - payment;
    projected.set(n, projectedCashFlow);
    const entered = actuals.get(n);
    const actualCashFlow = entered ? entered.rent - entered.expenses - payment : null;
    if (entered && actualCashFlow !== null) {
      actual.set(n, actualCashFlow);
      cashFlowToDate += actualCashFlow;
      projectedCashFlowToDate += projectedCashFlow;
      expensesToDate += entered.expenses;
      projectedExpensesToDate += plan.expenses;
      last = n;
    }
    const value = n === now && p.value ? p.value.value : (p.snapshots.get(month) ?? null);
    if (n > now - HISTORY_MONTHS) {
      history.push({
        month,
        actualCashFlow,
        projectedCashFlow,
        actualRent: entered?.rent ?? null,
        projectedRent: plan.rent,
        value,
        projectedValue: plan.value,
        loanBalance: balance,
        equity: value === null ? null : value - balance,
      });
    }
  }
  const nowLoan = loanAt(p.loan, now);
  const lastLoan = loanAt(p.loan, last);
  const projectedValue = projectedMonth(p.plan, p.purchasePrice, purchase, now).value;
  const monthsWithActuals = actual.size;
  const cashInvested = p.plan.cashInvested;
  const endEquity = {
    actual: p.value ? p.value.value - lastLoan.balance : null,
    projected: projectedMonth(p.plan, p.purchasePrice, purchase, last).value - lastLoan.balance,
  };
  const canIrr = monthsWithActuals > 0 && cashInvested > 0 && last - purchase >= IRR_MIN_MONTHS;
  // The projection's flows over the same months as the actuals'.
  const projectedOfActual = new Map([...actual.keys()].map((n) => [n, projected.get(n)!]));
  const figures: PortfolioFigures = {
    value: p.value,
    projectedValue,
    rent: p.rent,
    loanBalance: nowLoan.balance,
    equity: p.value ? p.value.value - nowLoan.balance : null,
    monthlyPayment: nowLoan.balance > 0 ? monthlyPaymentOf(p.loan) : 0,
    cashInvested,
    monthsWithActuals,
    cashFlowToDate,
    projectedCashFlowToDate,
    cashOnCash: cashOnCash(cashFlowToDate, monthsWithActuals, cashInvested),
    projectedCashOnCash: cashOnCash(projectedCashFlowToDate, monthsWithActuals, cashInvested),
    irr: canIrr && endEquity.actual !== null ? yearlyIrr(irrFlows(purchase, last, cashInvested, actual, endEquity.actual)) : null,
    projectedIrr: canIrr ? yearlyIrr(irrFlows(purchase, last, cashInvested, projectedOfActual, endEquity.projected)) : null,
    changes: [],
  };
  figures.changes = propertyChanges({
    plan: p.plan,
    purchasePrice: p.purchasePrice,
    purchase,
    months: p.months,
    figures,
    expensesToDate,
    projectedExpensesToDate,
  });
  return {
    figures,
    history,
    flows: { start: purchase, end: last, cashInvested, actual, projected: projectedOfActual },
    canIrr,
    endEquity,
  };
}

const monthlyPaymentOf = (loan: PortfolioLoan | null) =>
  loan ? monthlyPayment(loan.amount, loan.ratePercent, loan.termYears * 12) : 0;

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const sumOrNull = (values: ReadonlyArray<number | null>) => {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? sum(known) : null;
};

/**
 * The whole portfolio: sums of the properties' figures (value and equity over the properties with an
 * estimate), its history month by month, and its IRR from every property's flows on one calendar.
 */
export function portfolioTotals(properties: ReadonlyArray<{ address: string; timeline: PropertyTimeline }>): {
  figures: PortfolioFigures;
  history: PortfolioHistoryMonth[];
} {
  const figures = properties.map((p) => p.timeline.figures);
  const withValue = figures.filter((f) => f.value);
  const value: RangedEstimate | null = withValue.length
    ? {
        value: sum(withValue.map((f) => f.value!.value)),
        low: sum(withValue.map((f) => f.value!.low)),
        high: sum(withValue.map((f) => f.value!.high)),
      }
    : null;
  const withRent = figures.filter((f) => f.rent);
  const rent: RangedEstimate | null = withRent.length
    ? {
        value: sum(withRent.map((f) => f.rent!.value)),
        low: sum(withRent.map((f) => f.rent!.low)),
        high: sum(withRent.map((f) => f.rent!.high)),
      }
    : null;
  const cashInvested = sum(figures.map((f) => f.cashInvested));
  const monthsWithActuals = Math.max(0, ...figures.map((f) => f.monthsWithActuals));
  const cashFlowToDate = sum(figures.map((f) => f.cashFlowToDate));
  const projectedCashFlowToDate = sum(figures.map((f) => f.projectedCashFlowToDate));
  // Cash-on-cash of the whole: each property's yearly cash flow over its own months, over all the cash in.
  const yearly = (pick: (f: PortfolioFigures) => number) =>
    sum(figures.filter((f) => f.monthsWithActuals > 0).map((f) => (pick(f) / f.monthsWithActuals) * 12));
  const withActuals = properties.filter((p) => p.timeline.figures.monthsWithActuals > 0);
  // The whole portfolio's IRR over the properties that have one of their own.
  const withIrr = withActuals.filter((p) => p.timeline.canIrr);
  const combinedIrr = (side: 'actual' | 'projected') => {
    if (!withIrr.length) return null;
    if (side === 'actual' && withIrr.some((p) => p.timeline.endEquity.actual === null)) return null;
    const start = Math.min(...withIrr.map((p) => p.timeline.flows.start));
    const end = Math.max(...withIrr.map((p) => p.timeline.flows.end));
    const flows = new Array<number>(end - start + 1).fill(0);
    for (const { timeline } of withIrr) {
      const { flows: f, endEquity } = timeline;
      flows[f.start - start] -= f.cashInvested;
      for (let n = f.start + 1; n <= f.end; n++) flows[n - start] += f[side].get(n) ?? 0;
      flows[f.end - start] += endEquity[side] ?? 0;
    }
    return yearlyIrr(flows);
  };
  const totals: PortfolioFigures = {
    value,
    projectedValue: sum(figures.map((f) => f.projectedValue)),
    rent,
    loanBalance: sum(figures.map((f) => f.loanBalance)),
    equity: sumOrNull(figures.map((f) => f.equity)),
    monthlyPayment: sum(figures.map((f) => f.monthlyPayment)),
    cashInvested,
    monthsWithActuals,
    cashFlowToDate,
    projectedCashFlowToDate,
    cashOnCash: withActuals.length && cashInvested > 0 ? (yearly((f) => f.cashFlowToDate) * 100) / cashInvested : null,
    projectedCashOnCash:
      withActuals.length && cashInvested > 0 ? (yearly((f) => f.projectedCashFlowToDate) * 100) / cashInvested : null,
    irr: combinedIrr('actual'),
    projectedIrr: combinedIrr('projected'),
    changes: [],
  };
  totals.changes = portfolioChanges(
    totals,
    properties.map((p) => ({ address: p.address, figures: p.timeline.figures })),
  );
  return { figures: totals, history: sumHistories(properties.map((p) => p.timeline.history)) };
}

/** The properties' histories added month by month (a month a property did not own yet counts nothing). */
function sumHistories(histories: ReadonlyArray<readonly PortfolioHistoryMonth[]>): PortfolioHistoryMonth[] {
  const byMonth = new Map<string, PortfolioHistoryMonth[]>();
  for (const history of histories) for (const m of history) byMonth.set(m.month, [...(byMonth.get(m.month) ?? []), m]);
  return [...byMonth.keys()].sort().map((month) => {
    const months = byMonth.get(month)!;
    return {
      month,
      actualCashFlow: sumOrNull(months.map((m) => m.actualCashFlow)),
      projectedCashFlow: sum(months.map((m) => m.projectedCashFlow)),
      actualRent: sumOrNull(months.map((m) => m.actualRent)),
      projectedRent: sum(months.map((m) => m.projectedRent)),
      value: sumOrNull(months.map((m) => m.value)),
      projectedValue: sum(months.map((m) => m.projectedValue)),
      loanBalance: sum(months.map((m) => m.loanBalance)),
      equity: sumOrNull(months.map((m) => m.equity)),
    };
  });
}
