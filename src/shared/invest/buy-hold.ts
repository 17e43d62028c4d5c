import type { Assumptions, OperatingAssumptions } from './defaults';
import { monthlyPayment } from './mortgage';
import { cashOnCash, dscr, monthlyOperatingExpenses } from './operating';
import { breakEvenRate, type AnalysisOptions } from './rules';
import type { BuyHoldResults } from '../schemas/results';

export type { BuyHoldResults };

export interface BuyHoldInput extends OperatingAssumptions {
  purchasePrice: number;
  rehabCost: number;
  monthlyRent: number;
  otherMonthlyIncome: number;
  downPaymentPercent: number;
  interestRatePercent: number;
  termMonths: number;
  closingCostsPercent: number;
}

export interface BuyHoldAnalysis extends BuyHoldResults {
  cashOnCashInfinite: boolean;
  downPayment: number;
  closingCosts: number;
  loanAmount: number;
  monthlyMortgage: number;
  grossMonthlyIncome: number;
  monthlyOperatingExpenses: number;
  /** Annual net operating income (before debt service). */
  netOperatingIncome: number;
  annualCashFlow: number;
  /** NOI / purchase price, percent. */
  capRate: number;
  dscr: number | null;
  /** The interest rate at which monthly cash flow is zero; null if negative even at 0 %. */
  breakEvenRatePercent: number | null;
}

export function buyHoldInput(
  property: { purchasePrice: number; monthlyRent: number; rehabCost?: number },
  a: Assumptions,
): BuyHoldInput {
  return {
    purchasePrice: property.purchasePrice,
    rehabCost: property.rehabCost ?? 0,
    monthlyRent: property.monthlyRent,
    otherMonthlyIncome: 0,
    downPaymentPercent: a.financing.downPaymentPercent,
    interestRatePercent: a.financing.interestRatePercent,
    termMonths: a.financing.termMonths,
    closingCostsPercent: a.financing.closingCostsPercent,
    ...a.operating,
  };
}

export function buyHold(input: BuyHoldInput, options: AnalysisOptions = {}): BuyHoldAnalysis {
  const price = input.purchasePrice;
  const downPayment = (price * input.downPaymentPercent) / 100;
  const loanAmount = price - downPayment;
  const closingCosts = (price * input.closingCostsPercent) / 100;
  const totalCashNeeded = downPayment + closingCosts + input.rehabCost;
  const totalCosts = price + closingCosts + input.rehabCost;

  const grossMonthlyIncome = input.monthlyRent + input.otherMonthlyIncome;
  const opex = monthlyOperatingExpenses(input.monthlyRent, price, input).total;
  const cashFlowAt = (rate: number) => grossMonthlyIncome - opex - monthlyPayment(loanAmount, rate, input.termMonths);
  const monthlyMortgage = monthlyPayment(loanAmount, input.interestRatePercent, input.termMonths);
  const grossMonthlyExpenses = opex + monthlyMortgage;
  const netMonthlyIncome = grossMonthlyIncome - grossMonthlyExpenses;
  const annualCashFlow = netMonthlyIncome * 12;
  const netOperatingIncome = (grossMonthlyIncome - opex) * 12;

  const coc = cashOnCash(annualCashFlow, totalCashNeeded);
  return {
    totalCashNeeded,
    netMonthlyIncome,
    grossMonthlyExpenses,
    totalCosts,
    cashOnCashRoi: coc.cashOnCashRoi,
    cashOnCashInfinite: coc.cashOnCashInfinite,
    downPayment,
    closingCosts,
    loanAmount,
    monthlyMortgage,
    grossMonthlyIncome,
    monthlyOperatingExpenses: opex,
    netOperatingIncome,
    annualCashFlow,
    capRate: price > 0 ? (netOperatingIncome / price) * 100 : 0,
    dscr: dscr(netOperatingIncome, monthlyMortgage * 12),
    breakEvenRatePercent: loanAmount > 0 && options.breakEvenRate !== false ? breakEvenRate(cashFlowAt) : null,
  };
}
