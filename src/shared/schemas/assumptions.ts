import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';

/**
 * The investment engine's assumptions (src/shared/invest/defaults.ts holds the defaults; sources in
 * docs/investment-math.md). Percentages are percents: 8 means 8 %. A market (admin) and a what-if
 * analysis (property page) override any of them.
 */
const n = (description: string) => Type.Number({ description });

export const FinancingAssumptions = Type.Object({
  downPaymentPercent: n('Percent of the purchase price paid down.'),
  interestRatePercent: n('Annual interest rate in percent, when no latest rate is known.'),
  termMonths: n('Loan term in months.'),
  closingCostsPercent: n("Buyer's closing costs, percent of the purchase price."),
});

export const OperatingAssumptions = Type.Object({
  vacancyPercent: n('Percent of gross scheduled rent.'),
  managementPercent: n('Percent of gross scheduled rent.'),
  maintenancePercent: n('Percent of gross scheduled rent.'),
  capexPercent: n('Percent of gross scheduled rent.'),
  propertyTaxPercent: n("Annual property tax, percent of the property's value."),
  insurancePercent: n("Annual insurance premium, percent of the property's value."),
  monthlyHoa: n('HOA dues per month.'),
  monthlyUtilities: n('Owner-paid utilities per month.'),
});

export const BrrrrAssumptions = Type.Object({
  loanToArvPercent: n('The purchase-and-rehab (hard-money) loan as a percent of ARV (spec: 70 %).'),
  hardMoneyRatePercent: n('Hard-money interest rate, percent a year.'),
  hardMoneyPointsPercent: n('Hard-money points, percent of the loan.'),
  monthsToRefinance: n('Months from purchase to the refinance (rehab, lease-up and seasoning).'),
  refiLoanToArvPercent: n('The refinance loan as a percent of ARV (spec: 80 %).'),
  refiClosingCostsPercent: n('Refinance closing costs, percent of the refinance loan.'),
});

export const FlipAssumptions = Type.Object({
  loanToPurchasePercent: n('Hard-money loan as a percent of the purchase price; rehab is paid in cash.'),
  hardMoneyRatePercent: n('Hard-money interest rate, percent a year.'),
  hardMoneyPointsPercent: n('Hard-money points, percent of the loan.'),
  holdMonths: n('Months from purchase to sale.'),
  purchaseClosingPercent: n("Buyer's closing costs on a flip, percent of the purchase price."),
  sellingCostsPercent: n('Agent commissions and seller closing costs, percent of the sale price (ARV).'),
  monthlyHoldingUtilities: n('Utilities and upkeep while holding, per month.'),
});

export const ShortTermAssumptions = Type.Object({
  peakMonths: n('Months of peak season.'),
  shoulderMonths: n('Months of shoulder season.'),
  offMonths: n('Months of off season.'),
  peakOccupancyPercent: n('Occupancy in the peak season, percent of nights booked.'),
  shoulderOccupancyPercent: n('Occupancy in the shoulder season, percent of nights booked.'),
  offOccupancyPercent: n('Occupancy in the off season, percent of nights booked.'),
  shoulderRateFactor: n('Nightly rate of the shoulder season relative to the peak rate.'),
  offRateFactor: n('Nightly rate of the off season relative to the peak rate.'),
  platformFeePercent: n('Booking platform fee, percent of revenue.'),
  managementPercent: n('Short-term management, percent of revenue.'),
  maintenancePercent: n('Maintenance and supplies, percent of revenue.'),
  monthlyUtilities: n('Utilities, internet and streaming, per month.'),
  setupCostPerSqft: n('Furnishing and setup, dollars per square foot.'),
  insurancePercent: n('Insurance for a short-term rental, percent of value per year.'),
});

export const Assumptions = Type.Object({
  financing: FinancingAssumptions,
  operating: OperatingAssumptions,
  brrrr: BrrrrAssumptions,
  flip: FlipAssumptions,
  shortTerm: ShortTermAssumptions,
});

const partialGroup = <T extends TProperties>(group: TObject<T>) => Type.Optional(Type.Partial(group));

/** Deeply partial overrides, e.g. a market's tax rate. */
export const AssumptionOverrides = Type.Object({
  financing: partialGroup(FinancingAssumptions),
  operating: partialGroup(OperatingAssumptions),
  brrrr: partialGroup(BrrrrAssumptions),
  flip: partialGroup(FlipAssumptions),
  shortTerm: partialGroup(ShortTermAssumptions),
});

export type FinancingAssumptions = Static<typeof FinancingAssumptions>;
export type OperatingAssumptions = Static<typeof OperatingAssumptions>;
export type BrrrrAssumptions = Static<typeof BrrrrAssumptions>;
export type FlipAssumptions = Static<typeof FlipAssumptions>;
export type ShortTermAssumptions = Static<typeof ShortTermAssumptions>;
export type Assumptions = Static<typeof Assumptions>;
export type AssumptionOverrides = Static<typeof AssumptionOverrides>;
