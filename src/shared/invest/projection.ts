import { brrrr, brrrrInput } from './brrrr';
import { buyHold, buyHoldInput } from './buy-hold';
import { irr } from './cash-flow';
import { monthlyPayment, remainingBalance } from './mortgage';
import { monthlyOperatingExpenses } from './operating';
import type { InputLimit, WhatIf } from './what-if';

/**
 * Multi-year projection of the two rental strategies (Buy & Hold, BRRRR): each year's cash flow,
 * the loan balance, the property's value and equity, and the return if the property were sold at
 * the end of that year. Formulas and the defaults' sources: docs/investment-math.md ("Projection")
 * and docs/property-page.md.
 */

/** Yearly growth rates (percents, compounding once a year) and the cost of selling. */
/** A type, not an interface, so it reads as a record of numbers like the other inputs. */
export type GrowthAssumptions = {
  /** Yearly change of the property's value. */
  appreciationPercent: number;
  /** Yearly change of the rent, and of the expenses that are a share of the rent. */
  rentGrowthPercent: number;
  /** Yearly change of the fixed expenses: tax, insurance, HOA, owner-paid utilities. */
  expenseGrowthPercent: number;
  /** Commissions and seller closing costs at the sale, percent of the sale price. */
  sellingCostsPercent: number;
};

/**
 * 3 % appreciation (below the long-run ~4 % of the FHFA house price index, 1991–2024), 3 % rent
 * growth (the long-run pace of the CPI "rent of primary residence" index), 3 % expense growth
 * (long-run CPI-U inflation, rounded up for insurance) and 8 % selling costs (commission plus seller
 * closing costs, the flip default). Starting points, not forecasts.
 */
export const DEFAULT_GROWTH: GrowthAssumptions = {
  appreciationPercent: 3,
  rentGrowthPercent: 3,
  expenseGrowthPercent: 3,
  sellingCostsPercent: 8,
};

/** The longest projection, and the default hold before the sale that the IRR assumes. */
export const PROJECTION_YEARS = 30;
export const DEFAULT_HOLD_YEARS = 10;

const rate = (label: string, min: number, max: number): InputLimit => ({ label, min, max, unit: 'percent' });

/** Labels and ranges of the growth inputs (negative growth is allowed: markets fall too). */
export const GROWTH_LIMITS: Record<keyof GrowthAssumptions, InputLimit> = {
  appreciationPercent: rate('Appreciation (per year)', -20, 20),
  rentGrowthPercent: rate('Rent growth (per year)', -20, 20),
  expenseGrowthPercent: rate('Expense growth (per year)', -20, 30),
  sellingCostsPercent: rate('Selling costs at sale', 0, 30),
};

export const HOLD_YEARS_LIMIT: InputLimit = {
  label: 'Hold period (years)',
  min: 1,
  max: PROJECTION_YEARS,
  unit: 'number',
  integer: true,
};

/** What a rental projection starts from: year-1 monthly figures, the loan and the cash put in. */
export interface RentalProjectionInput {
  /** Cash in at year 0 (the IRR's first, negative flow). */
  cashInvested: number;
  /** The property's value at year 0. */
  startValue: number;
  monthlyRent: number;
  /** Expenses that are a share of the rent (vacancy, management, maintenance, capex), per month in year 1. */
  rentLinkedExpenses: number;
  /** Tax, insurance, HOA and utilities, per month in year 1. */
  fixedExpenses: number;
  loanAmount: number;
  interestRatePercent: number;
  termMonths: number;
}

export interface ProjectionYear {
  year: number;
  grossRent: number;
  operatingExpenses: number;
  debtService: number;
  /** grossRent − operatingExpenses − debtService. */
  cashFlow: number;
  cumulativeCashFlow: number;
  /** At the end of the year. */
  propertyValue: number;
  loanBalance: number;
  /** propertyValue − loanBalance. */
  equity: number;
  /** What a sale at the end of the year would bring: value less selling costs, less the loan payoff. */
  saleProceeds: number;
  /** cumulativeCashFlow + saleProceeds − cashInvested: the profit if sold at the end of the year. */
  totalProfit: number;
  /** totalProfit / cashInvested, percent; null when no cash is left in the deal. */
  cumulativeReturnPercent: number | null;
  /** Yearly IRR of buying at year 0 and selling at the end of this year, percent; null when none exists. */
  irrPercent: number | null;
}

export interface Projection {
  cashInvested: number;
  years: ProjectionYear[];
}

const grow = (value: number, percent: number, years: number) => value * Math.pow(1 + percent / 100, years);

/** Payments made in year `year` (1-based) of a loan of `termMonths`: 12, fewer in its last year, then 0. */
const paymentsInYear = (year: number, termMonths: number) => Math.max(0, Math.min(12, termMonths - 12 * (year - 1)));

/**
 * Year by year: rent and rent-linked expenses grow by rentGrowth from year 2, fixed expenses by
 * expenseGrowth, the value by appreciation (compounded to the end of each year); the loan amortises
 * on the engine's schedule (remainingBalance) and its payments stop when the term ends.
 */
export function projectRental(input: RentalProjectionInput, growth: GrowthAssumptions, years = PROJECTION_YEARS): Projection {
  const payment = monthlyPayment(input.loanAmount, input.interestRatePercent, input.termMonths);
  const flows: number[] = [-input.cashInvested];
  const rows: ProjectionYear[] = [];
  let cumulativeCashFlow = 0;
  for (let year = 1; year <= years; year++) {
    const rentFactor = Math.pow(1 + growth.rentGrowthPercent / 100, year - 1);
    const grossRent = input.monthlyRent * 12 * rentFactor;
    const operatingExpenses =
      input.rentLinkedExpenses * 12 * rentFactor + grow(input.fixedExpenses * 12, growth.expenseGrowthPercent, year - 1);
    const debtService = payment * paymentsInYear(year, input.termMonths);
    const cashFlow = grossRent - operatingExpenses - debtService;
    cumulativeCashFlow += cashFlow;

    const propertyValue = grow(input.startValue, growth.appreciationPercent, year);
    const loanBalance = remainingBalance(input.loanAmount, input.interestRatePercent, input.termMonths, 12 * year);
    const saleProceeds = propertyValue * (1 - growth.sellingCostsPercent / 100) - loanBalance;
    const totalProfit = cumulativeCashFlow + saleProceeds - input.cashInvested;
    const irrRate = input.cashInvested > 0 ? irr([...flows, cashFlow + saleProceeds]) : null;
    flows.push(cashFlow);

    rows.push({
      year,
      grossRent,
      operatingExpenses,
      debtService,
      cashFlow,
      cumulativeCashFlow,
      propertyValue,
      loanBalance,
      equity: propertyValue - loanBalance,
      saleProceeds,
      totalProfit,
      cumulativeReturnPercent: input.cashInvested > 0 ? (totalProfit / input.cashInvested) * 100 : null,
      irrPercent: irrRate === null ? null : irrRate * 100,
    });
  }
  return { cashInvested: input.cashInvested, years: rows };
}

/** Splits the engine's monthly operating expenses into the rent-linked part and the fixed part. */
function expenseParts(monthlyRent: number, value: number, operating: WhatIf['assumptions']['operating']) {
  const e = monthlyOperatingExpenses(monthlyRent, value, operating);
  const rentLinkedExpenses = e.vacancy + e.management + e.maintenance + e.capex;
  return { rentLinkedExpenses, fixedExpenses: e.total - rentLinkedExpenses };
}

/**
 * Buy & Hold from the purchase: the cash needed (down payment, closing, rehab) goes in at year 0,
 * the value starts at the purchase price, the loan is the purchase mortgage.
 */
export function projectBuyHold(whatIf: WhatIf, growth: GrowthAssumptions = DEFAULT_GROWTH, years = PROJECTION_YEARS): Projection {
  const { figures: f, assumptions: a } = whatIf;
  const analysis = buyHold(buyHoldInput(f, a), { breakEvenRate: false });
  const start = { cashInvested: analysis.totalCashNeeded, startValue: f.purchasePrice, loanAmount: analysis.loanAmount };
  return projectRentalFrom(whatIf, start, growth, years);
}

/**
 * BRRRR from the refinance: year 0 is the refinance, the cash still in the deal after it
 * (totalCashNeeded − cashAtRefiClose) is the investment, the value starts at the ARV and the loan
 * is the refinance loan. Everything before the refinance is already in that cash figure.
 */
export function projectBrrrr(whatIf: WhatIf, growth: GrowthAssumptions = DEFAULT_GROWTH, years = PROJECTION_YEARS): Projection {
  const { figures: f, assumptions: a } = whatIf;
  const analysis = brrrr(brrrrInput(f, a), { breakEvenRate: false });
  const start = { cashInvested: analysis.cashLeftInDeal, startValue: f.arv, loanAmount: analysis.refiLoanAmount };
  return projectRentalFrom(whatIf, start, growth, years);
}

/** A rental from its start (the cash in it, the value and the loan at year 0) and the what-if's rent, expenses and loan terms. */
function projectRentalFrom(
  whatIf: WhatIf,
  start: { cashInvested: number; startValue: number; loanAmount: number },
  growth: GrowthAssumptions,
  years: number,
): Projection {
  const { figures: f, assumptions: a } = whatIf;
  return projectRental(
    {
      ...start,
      monthlyRent: f.monthlyRent,
      ...expenseParts(f.monthlyRent, start.startValue, a.operating),
      interestRatePercent: a.financing.interestRatePercent,
      termMonths: a.financing.termMonths,
    },
    growth,
    years,
  );
}

/** The row of a hold period (clamped to the projection), for the summary of "sell after N years". */
export function yearOfSale(projection: Projection, holdYears: number): ProjectionYear | undefined {
  const n = Math.min(Math.max(1, Math.round(holdYears)), projection.years.length);
  return projection.years[n - 1];
}
