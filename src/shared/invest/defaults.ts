/**
 * Default assumptions of the investment engine. Every one can be overridden per market (and per
 * analysis in the browser). Percentages are percents (8 means 8 %). Sources are in
 * docs/investment-math.md.
 */
export interface FinancingAssumptions {
  /** Percent of the purchase price paid down. */
  downPaymentPercent: number;
  /** Annual interest rate in percent, when no latest rate is known. */
  interestRatePercent: number;
  termMonths: number;
  /** Buyer's closing costs, percent of the purchase price. */
  closingCostsPercent: number;
}

export interface OperatingAssumptions {
  /** Percent of gross scheduled rent. */
  vacancyPercent: number;
  managementPercent: number;
  maintenancePercent: number;
  capexPercent: number;
  /** Annual property tax, percent of the property's value. */
  propertyTaxPercent: number;
  /** Annual insurance premium, percent of the property's value. */
  insurancePercent: number;
  monthlyHoa: number;
  /** Owner-paid utilities per month. */
  monthlyUtilities: number;
}

export interface BrrrrAssumptions {
  /** The purchase-and-rehab (hard-money) loan as a percent of ARV (spec: 70 %). */
  loanToArvPercent: number;
  hardMoneyRatePercent: number;
  hardMoneyPointsPercent: number;
  /** Months from purchase to the refinance (rehab, lease-up and seasoning). */
  monthsToRefinance: number;
  /** The refinance loan as a percent of ARV (spec: 80 %). */
  refiLoanToArvPercent: number;
  /** Refinance closing costs, percent of the refinance loan. */
  refiClosingCostsPercent: number;
}

export interface FlipAssumptions {
  /** Hard-money loan as a percent of the purchase price; rehab is paid in cash. */
  loanToPurchasePercent: number;
  hardMoneyRatePercent: number;
  hardMoneyPointsPercent: number;
  holdMonths: number;
  /** Buyer's closing costs on a flip, percent of the purchase price. */
  purchaseClosingPercent: number;
  /** Agent commissions and seller closing costs, percent of the sale price (ARV). */
  sellingCostsPercent: number;
  /** Utilities and upkeep while holding, per month. */
  monthlyHoldingUtilities: number;
}

export interface ShortTermAssumptions {
  peakMonths: number;
  shoulderMonths: number;
  offMonths: number;
  /** Occupancy by season, percent of nights booked. */
  peakOccupancyPercent: number;
  shoulderOccupancyPercent: number;
  offOccupancyPercent: number;
  /** Nightly rate of the shoulder and off seasons relative to the peak rate. */
  shoulderRateFactor: number;
  offRateFactor: number;
  /** Booking platform fee, percent of revenue. */
  platformFeePercent: number;
  /** Short-term management, percent of revenue. */
  managementPercent: number;
  /** Maintenance and supplies, percent of revenue. */
  maintenancePercent: number;
  /** Utilities, internet and streaming, per month. */
  monthlyUtilities: number;
  /** Furnishing and setup, dollars per square foot. */
  setupCostPerSqft: number;
  /** Insurance for a short-term rental, percent of value per year. */
  insurancePercent: number;
}

export interface Assumptions {
  financing: FinancingAssumptions;
  operating: OperatingAssumptions;
  brrrr: BrrrrAssumptions;
  flip: FlipAssumptions;
  shortTerm: ShortTermAssumptions;
}

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

/** Deeply partial overrides, e.g. a market's tax rate. */
export type AssumptionOverrides = { [K in keyof Assumptions]?: Partial<Assumptions[K]> };

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
