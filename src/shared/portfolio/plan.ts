import { DEFAULT_ASSUMPTIONS } from '../invest/defaults';
import { monthlyPayment, remainingBalance } from '../invest/mortgage';
import { monthlyOperatingExpenses } from '../invest/operating';
import { DEFAULT_GROWTH } from '../invest/projection';
import type { PortfolioLoan, PortfolioPlan } from '../schemas/portfolio';
import { monthNumber, monthOf } from './months';

/**
 * The projection made when a property was bought, month by month, and its loan's schedule: what the
 * portfolio's actuals are measured against (docs/portfolio.md, "The figures").
 */

const grown = (amount: number, percent: number, years: number) => amount * Math.pow(1 + percent / 100, years);

/** A month's scheduled loan payment (0 before the first and after the last) and the balance after it. */
export function loanAt(loan: PortfolioLoan | null, n: number): { payment: number; balance: number } {
  if (!loan) return { payment: 0, balance: 0 };
  const term = loan.termYears * 12;
  const since = n - monthNumber(monthOf(loan.startDate));
  return {
    payment: since >= 1 && since <= term ? monthlyPayment(loan.amount, loan.ratePercent, term) : 0,
    balance: since < 0 ? 0 : remainingBalance(loan.amount, loan.ratePercent, term, since),
  };
}

/** What the projection expected in month `n` of a property bought in month `purchase`. */
export function projectedMonth(plan: PortfolioPlan, purchasePrice: number, purchase: number, n: number) {
  const k = n - purchase;
  const year = Math.max(0, Math.floor((k - 1) / 12));
  const grossRent = k >= 1 ? grown(plan.monthlyRent, plan.rentGrowthPercent, year) : 0;
  return {
    grossRent,
    rent: grossRent * (1 - plan.vacancyPercent / 100),
    expenses: k >= 1 ? grown(plan.monthlyExpenses, plan.expenseGrowthPercent, year) : 0,
    value: grown(purchasePrice, plan.appreciationPercent, Math.max(0, k) / 12),
  };
}

/**
 * The projection Dealmap makes at purchase when the investor gives none: the rent estimate (else the
 * listing's rent), the engine's default vacancy and operating expenses at that rent and price, its
 * default growth, and the cash in: the price less the loan, plus the default closing costs.
 */
export function defaultPlan(purchasePrice: number, loan: PortfolioLoan | null, monthlyRent: number | null): PortfolioPlan {
  const operating = DEFAULT_ASSUMPTIONS.operating;
  const rent = Math.round(monthlyRent ?? 0);
  const expenses = monthlyOperatingExpenses(rent, purchasePrice, operating);
  const closing = (purchasePrice * DEFAULT_ASSUMPTIONS.financing.closingCostsPercent) / 100;
  return {
    monthlyRent: rent,
    vacancyPercent: operating.vacancyPercent,
    monthlyExpenses: Math.round(expenses.total - expenses.vacancy),
    appreciationPercent: DEFAULT_GROWTH.appreciationPercent,
    rentGrowthPercent: DEFAULT_GROWTH.rentGrowthPercent,
    expenseGrowthPercent: DEFAULT_GROWTH.expenseGrowthPercent,
    cashInvested: Math.max(0, Math.round(purchasePrice - (loan?.amount ?? 0) + closing)),
  };
}
