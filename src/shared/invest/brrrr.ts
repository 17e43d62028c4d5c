import type { Assumptions, BrrrrAssumptions, OperatingAssumptions } from './defaults';
import { interestOnlyPayment, monthlyPayment } from './mortgage';
import { cashOnCash, dscr, monthlyOperatingExpenses } from './operating';
import { breakEvenRate, type AnalysisOptions } from './rules';
import type { BRRRRResults } from '../schemas/results';

export type { BRRRRResults };

export interface BrrrrInput extends OperatingAssumptions, BrrrrAssumptions {
  purchasePrice: number;
  rehabCost: number;
  /** After-repair value. */
  arv: number;
  monthlyRent: number;
  otherMonthlyIncome: number;
  /** Purchase closing costs, percent of the purchase price. */
  closingCostsPercent: number;
  refiRatePercent: number;
  refiTermMonths: number;
}

export interface BrrrrAnalysis extends BRRRRResults {
  cashOnCashInfinite: boolean;
  /** The part of loanAmount actually drawn: never more than the purchase and rehab it finances. */
  loanFunded: number;
  purchaseClosingCosts: number;
  loanPoints: number;
  /** Interest, taxes, insurance and utilities until the refinance. */
  holdingCosts: number;
  refiClosingCosts: number;
  /** totalCashNeeded − cashAtRefiClose: the cash that stays in the deal (spec: total cash into property). */
  cashLeftInDeal: number;
  monthlyMortgage: number;
  netOperatingIncome: number;
  annualCashFlow: number;
  equityAfterRefi: number;
  dscr: number | null;
  breakEvenRatePercent: number | null;
}

export function brrrrInput(
  property: { purchasePrice: number; monthlyRent: number; rehabCost: number; arv: number },
  a: Assumptions,
): BrrrrInput {
  return {
    ...a.operating,
    ...a.brrrr,
    purchasePrice: property.purchasePrice,
    rehabCost: property.rehabCost,
    arv: property.arv,
    monthlyRent: property.monthlyRent,
    otherMonthlyIncome: 0,
    closingCostsPercent: a.financing.closingCostsPercent,
    refiRatePercent: a.financing.interestRatePercent,
    refiTermMonths: a.financing.termMonths,
  };
}

export function brrrr(input: BrrrrInput, options: AnalysisOptions = {}): BrrrrAnalysis {
  const { purchasePrice: price, rehabCost, arv } = input;
  const loanAmount = (arv * input.loanToArvPercent) / 100;
  const loanFunded = Math.min(loanAmount, price + rehabCost);
  const loanPoints = (loanFunded * input.hardMoneyPointsPercent) / 100;
  const purchaseClosingCosts = (price * input.closingCostsPercent) / 100;
  const carry =
    interestOnlyPayment(loanFunded, input.hardMoneyRatePercent) +
    (price * (input.propertyTaxPercent + input.insurancePercent)) / 100 / 12 +
    input.monthlyHoa +
    input.monthlyUtilities;
  const holdingCosts = carry * input.monthsToRefinance;
  const totalCashNeeded = price + rehabCost + purchaseClosingCosts + loanPoints + holdingCosts - loanFunded;

  const refiLoanAmount = (arv * input.refiLoanToArvPercent) / 100;
  const refiClosingCosts = (refiLoanAmount * input.refiClosingCostsPercent) / 100;
  const cashAtRefiClose = refiLoanAmount - loanFunded - refiClosingCosts;
  const cashLeftInDeal = totalCashNeeded - cashAtRefiClose;

  const grossIncome = input.monthlyRent + input.otherMonthlyIncome;
  const opex = monthlyOperatingExpenses(input.monthlyRent, arv, input).total;
  const monthlyMortgage = monthlyPayment(refiLoanAmount, input.refiRatePercent, input.refiTermMonths);
  const grossMonthlyExpenses = opex + monthlyMortgage;
  const netMonthlyIncome = grossIncome - grossMonthlyExpenses;
  const annualCashFlow = netMonthlyIncome * 12;
  const netOperatingIncome = (grossIncome - opex) * 12;
  const cashFlowAt = (rate: number) => grossIncome - opex - monthlyPayment(refiLoanAmount, rate, input.refiTermMonths);

  const coc = cashOnCash(annualCashFlow, cashLeftInDeal);
  return {
    totalCashNeeded,
    cashOnCashRoi: coc.cashOnCashRoi,
    cashOnCashInfinite: coc.cashOnCashInfinite,
    netMonthlyIncome,
    cashAtRefiClose,
    arv,
    loanAmount,
    rehabCost,
    refiLoanAmount,
    grossMonthlyExpenses,
    loanFunded,
    purchaseClosingCosts,
    loanPoints,
    holdingCosts,
    refiClosingCosts,
    cashLeftInDeal,
    monthlyMortgage,
    netOperatingIncome,
    annualCashFlow,
    equityAfterRefi: arv - refiLoanAmount,
    dscr: dscr(netOperatingIncome, monthlyMortgage * 12),
    breakEvenRatePercent: refiLoanAmount > 0 && options.breakEvenRate !== false ? breakEvenRate(cashFlowAt) : null,
  };
}
