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
  /**
   * For the whole portfolio's IRR: the purchase's month number (`start`), the last month with actuals
   * (`end`), the cash in, each month's flows on both sides and the equity at the end.
   */
  flows: { start: number; end: number; cashInvested: number; actual: Map<number, number>; projected: Map<number, number> };
  /** Whether its IRR to date is measured: a year owned to its last month with actuals, cash in, a value estimate. */
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
  const payments = new Map<number, number>();
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
    payments.set(n, payment);
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
  const canIrr = monthsWithActuals > 0 && cashInvested > 0 && last - purchase >= IRR_MIN_MONTHS && endEquity.actual !== null;
  // The IRR's months on both sides: one with actuals its cash flow (the projection's, on that side), one
  // without only the loan's payment (made; its rent and expenses are not known).
  const irrActual = new Map<number, number>();
  const irrProjected = new Map<number, number>();
  for (let n = purchase + 1; n <= last; n++) {
    const known = actual.get(n);
    irrActual.set(n, known ?? -(payments.get(n) ?? 0));
    irrProjected.set(n, known === undefined ? -(payments.get(n) ?? 0) : projected.get(n)!);
  }
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
    irr: canIrr ? yearlyIrr(irrFlows(purchase, last, cashInvested, irrActual, endEquity.actual!)) : null,
    projectedIrr: canIrr ? yearlyIrr(irrFlows(purchase, last, cashInvested, irrProjected, endEquity.projected)) : null,
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
    flows: { start: purchase, end: last, cashInvested, actual: irrActual, projected: irrProjected },
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
 * The whole portfolio: sums of the properties' figures — value and equity over the properties with an
 * estimate, against their projected value; cash-on-cash over the properties with actuals, against
 * their cash in — its history month by month, and its IRR from the flows of the properties that have
 * one of their own, on one calendar.
 */
export function portfolioTotals(properties: ReadonlyArray<{ address: string; timeline: PropertyTimeline }>): {
  figures: PortfolioFigures;
  history: PortfolioHistoryMonth[];
} {
  const figures = properties.map((p) => p.timeline.figures);
  const ranged = (pick: (f: PortfolioFigures) => RangedEstimate | null): RangedEstimate | null => {
    const known = figures.map(pick).filter((e): e is RangedEstimate => e !== null);
    return known.length
      ? { value: sum(known.map((e) => e.value)), low: sum(known.map((e) => e.low)), high: sum(known.map((e) => e.high)) }
      : null;
  };
  const valued = figures.filter((f) => f.value);
  const withActuals = figures.filter((f) => f.monthsWithActuals > 0);
  const cashWithActuals = sum(withActuals.map((f) => f.cashInvested));
  // Each property's yearly cash flow over its own months with actuals.
  const yearly = (pick: (f: PortfolioFigures) => number) => sum(withActuals.map((f) => (pick(f) / f.monthsWithActuals) * 12));
  const withIrr = properties.filter((p) => p.timeline.canIrr);
  const combinedIrr = (side: 'actual' | 'projected') => {
    if (!withIrr.length) return null;
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
    value: ranged((f) => f.value),
    projectedValue: sum((valued.length ? valued : figures).map((f) => f.projectedValue)),
    rent: ranged((f) => f.rent),
    loanBalance: sum(figures.map((f) => f.loanBalance)),
    equity: sumOrNull(figures.map((f) => f.equity)),
    monthlyPayment: sum(figures.map((f) => f.monthlyPayment)),
    cashInvested: sum(figures.map((f) => f.cashInvested)),
    monthsWithActuals: Math.max(0, ...figures.map((f) => f.monthsWithActuals)),
    cashFlowToDate: sum(figures.map((f) => f.cashFlowToDate)),
    projectedCashFlowToDate: sum(figures.map((f) => f.projectedCashFlowToDate)),
    cashOnCash: cashWithActuals > 0 ? (yearly((f) => f.cashFlowToDate) * 100) / cashWithActuals : null,
    projectedCashOnCash: cashWithActuals > 0 ? (yearly((f) => f.projectedCashFlowToDate) * 100) / cashWithActuals : null,
    irr: combinedIrr('actual'),
    projectedIrr: combinedIrr('projected'),
    changes: [],
  };
  totals.changes = portfolioChanges(
    totals,
    properties.map((p) => ({ address: p.address, figures: p.timeline.figures })),
  );
  return { figures: totals, history: sumHistories(properties.map((p) => p.timeline)) };
}

/**
 * The properties' histories added month by month, each over the properties owned that month. An actual
 * figure is shown only where every property that should have it does — actuals from the month after
 * each purchase, the value over the properties Dealmap can value — and is otherwise a gap: a sum of
 * some would read as a shortfall that is only a missing entry.
 */
function sumHistories(timelines: readonly PropertyTimeline[]): PortfolioHistoryMonth[] {
  type Entry = { timeline: PropertyTimeline; m: PortfolioHistoryMonth };
  const byMonth = new Map<string, Entry[]>();
  for (const timeline of timelines) {
    for (const m of timeline.history) {
      const entries = byMonth.get(m.month);
      if (entries) entries.push({ timeline, m });
      else byMonth.set(m.month, [{ timeline, m }]);
    }
  }
  const anyValued = timelines.some((t) => t.figures.value !== null);
  const whole = (entries: readonly Entry[], pick: (m: PortfolioHistoryMonth) => number | null) =>
    entries.length && entries.every((e) => pick(e.m) !== null) ? sum(entries.map((e) => pick(e.m)!)) : null;
  return [...byMonth.keys()].sort().map((month) => {
    const entries = byMonth.get(month)!;
    const expecting = entries.filter((e) => monthNumber(month) > e.timeline.flows.start);
    const valued = anyValued ? entries.filter((e) => e.timeline.figures.value !== null) : entries;
    const value = whole(valued, (m) => m.value);
    return {
      month,
      actualCashFlow: whole(expecting, (m) => m.actualCashFlow),
      projectedCashFlow: sum(entries.map((e) => e.m.projectedCashFlow)),
      actualRent: whole(expecting, (m) => m.actualRent),
      projectedRent: sum(entries.map((e) => e.m.projectedRent)),
      value,
      projectedValue: sum(valued.map((e) => e.m.projectedValue)),
      loanBalance: sum(entries.map((e) => e.m.loanBalance)),
      equity: value === null ? null : value - sum(valued.map((e) => e.m.loanBalance)),
    };
  });
}
