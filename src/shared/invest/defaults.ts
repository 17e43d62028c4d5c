/**
 * Default assumptions of the investment engine. Every one can be overridden per market (and per
 * analysis in the browser). Percentages are percents (8 means 8 %). Sources are in
 * docs/investment-math.md.
 */
import type { AssumptionOverrides, Assumptions } from '../schemas/assumptions';

export type {
  AssumptionOverrides,
  Assumptions,
  BrrrrAssumptions,
  FinancingAssumptions,
  FlipAssumptions,
  OperatingAssumptions,
  ShortTermAssumptions,
} from '../schemas/assumptions';

export const DEFAULT_ASSUMPTIONS: Assumptions = {
  financing: {
    downPaymentPercent: 25,
    interestRatePercent: 6.26,
    termMonths: 360,
    closingCostsPercent: 3,
  },
  operating: {
    vacancyPercent: 8,
    managementPercent: 10,
    maintenancePercent: 5,
    capexPercent: 5,
    propertyTaxPercent: 1.1,
    insurancePercent: 0.5,
    monthlyHoa: 0,
    monthlyUtilities: 0,
  },
  brrrr: {
    loanToArvPercent: 70,
    hardMoneyRatePercent: 11,
    hardMoneyPointsPercent: 2,
    monthsToRefinance: 6,
    refiLoanToArvPercent: 80,
    refiClosingCostsPercent: 3,
  },
  flip: {
    loanToPurchasePercent: 80,
    hardMoneyRatePercent: 11,
    hardMoneyPointsPercent: 2,
    holdMonths: 6,
    purchaseClosingPercent: 2,
    sellingCostsPercent: 8,
    monthlyHoldingUtilities: 200,
  },
  shortTerm: {
    peakMonths: 3,
    shoulderMonths: 5,
    offMonths: 4,
    peakOccupancyPercent: 80,
    shoulderOccupancyPercent: 65,
    offOccupancyPercent: 45,
    shoulderRateFactor: 0.8,
    offRateFactor: 0.6,
    platformFeePercent: 3,
    managementPercent: 20,
    maintenancePercent: 5,
    monthlyUtilities: 300,
    setupCostPerSqft: 15,
    insurancePercent: 0.6,
  },
};

/** The defaults with a market's (or a user's) overrides applied on top. */
export function withOverrides(...overrides: Array<AssumptionOverrides | undefined>): Assumptions {
  const out: Assumptions = {
    financing: { ...DEFAULT_ASSUMPTIONS.financing },
    operating: { ...DEFAULT_ASSUMPTIONS.operating },
    brrrr: { ...DEFAULT_ASSUMPTIONS.brrrr },
    flip: { ...DEFAULT_ASSUMPTIONS.flip },
    shortTerm: { ...DEFAULT_ASSUMPTIONS.shortTerm },
  };
  for (const o of overrides) {
    if (!o) continue;
    Object.assign(out.financing, o.financing);
    Object.assign(out.operating, o.operating);
    Object.assign(out.brrrr, o.brrrr);
    Object.assign(out.flip, o.flip);
    Object.assign(out.shortTerm, o.shortTerm);
  }
  return out;
}

/** The mortgage product whose latest rate finances every strategy, on the server and in the browser. */
export const FINANCING_PRODUCT = '30-Year Fixed';

/** Average days in a month (365 / 12), for nightly-rate revenue. */
export const DAYS_PER_MONTH = 365 / 12;
