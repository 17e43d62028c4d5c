import { annualize } from './cash-flow';
import type { Assumptions, FlipAssumptions } from './defaults';
import { interestOnlyPayment } from './mortgage';
import { cashOnCash } from './operating';
import { maxAllowableOffer } from './rules';
import type { FixFlipResults } from '../schemas/results';

export type { FixFlipResults };

export interface FixFlipInput extends FlipAssumptions {
  purchasePrice: number;
  rehabCost: number;
  arv: number;
  /** Annual tax and insurance while holding, percents of the purchase price. */
  propertyTaxPercent: number;
  insurancePercent: number;
  monthlyHoa: number;
}

export interface FixFlipAnalysis extends FixFlipResults {
  cashOnCashInfinite: boolean;
  loanAmount: number;
  loanPoints: number;
  purchaseClosingCosts: number;
  holdingCosts: number;
  /** Return on cash, compounded to a year, percent; null when no cash is needed. */
  annualizedRoi: number | null;
  /** The 70 % rule's highest offer for this ARV and rehab. */
  maxAllowableOffer: number;
}

export function fixFlipInput(property: { purchasePrice: number; rehabCost: number; arv: number }, a: Assumptions): FixFlipInput {
  return {
    ...a.flip,
    purchasePrice: property.purchasePrice,
    rehabCost: property.rehabCost,
    arv: property.arv,
    propertyTaxPercent: a.operating.propertyTaxPercent,
    insurancePercent: a.operating.insurancePercent,
    monthlyHoa: a.operating.monthlyHoa,
  };
}

export function fixFlip(input: FixFlipInput): FixFlipAnalysis {
  const { purchasePrice: price, rehabCost, arv, holdMonths } = input;
  const loanAmount = (price * input.loanToPurchasePercent) / 100;
  const loanPoints = (loanAmount * input.hardMoneyPointsPercent) / 100;
  const purchaseClosingCosts = (price * input.purchaseClosingPercent) / 100;
  const purchaseCosts = price + purchaseClosingCosts + loanPoints;
  const carry =
    interestOnlyPayment(loanAmount, input.hardMoneyRatePercent) +
    (price * (input.propertyTaxPercent + input.insurancePercent)) / 100 / 12 +
    input.monthlyHoa +
    input.monthlyHoldingUtilities;
  const holdingCosts = carry * holdMonths;
  const sellingCosts = (arv * input.sellingCostsPercent) / 100;
  const totalProjectCosts = purchaseCosts + rehabCost + holdingCosts + sellingCosts;
  const projectedProfit = arv - totalProjectCosts;
  const cashNeeded = purchaseCosts - loanAmount + rehabCost + holdingCosts;
  const coc = cashOnCash(projectedProfit, cashNeeded);

  return {
    cashNeeded,
    cashOnCashRoi: coc.cashOnCashRoi,
    cashOnCashInfinite: coc.cashOnCashInfinite,
    projectedProfit,
    returnOnInvestment: totalProjectCosts > 0 ? (projectedProfit / totalProjectCosts) * 100 : 0,
    afterRepairValue: arv,
    rehabCosts: rehabCost,
    purchaseCosts,
    sellingCosts,
    totalProjectCosts,
    estimatedTimeMonths: holdMonths,
    loanAmount,
    loanPoints,
    purchaseClosingCosts,
    holdingCosts,
    annualizedRoi:
      cashNeeded > 0 && holdMonths > 0 && projectedProfit / cashNeeded > -1
        ? annualize(projectedProfit / cashNeeded, 12 / holdMonths) * 100
        : null,
    maxAllowableOffer: maxAllowableOffer(arv, rehabCost),
  };
}
