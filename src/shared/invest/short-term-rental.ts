import { DAYS_PER_MONTH, type Assumptions } from './defaults';
import { monthlyPayment } from './mortgage';
import { cashOnCash, dscr } from './operating';
import type { ShortTermResults } from '../schemas/results';

export type { ShortTermResults };

export interface ShortTermInput {
  purchasePrice: number;
  /** Nightly rates by season. */
  peakSeasonRate: number;
  shoulderSeasonRate: number;
  offSeasonRate: number;
  peakMonths: number;
  shoulderMonths: number;
  offMonths: number;
  peakOccupancyPercent: number;
  shoulderOccupancyPercent: number;
  offOccupancyPercent: number;
  downPaymentPercent: number;
  interestRatePercent: number;
  termMonths: number;
  closingCostsPercent: number;
  /** Furnishing and setup, dollars. */
  setupCosts: number;
  platformFeePercent: number;
  managementPercent: number;
  maintenancePercent: number;
  monthlyUtilities: number;
  propertyTaxPercent: number;
  insurancePercent: number;
  monthlyHoa: number;
}

export interface ShortTermAnalysis extends ShortTermResults {
  cashOnCashInfinite: boolean;
  loanAmount: number;
  bookedNights: number;
  annualCashFlow: number;
  dscr: number | null;
}

export function shortTermInput(
  property: { purchasePrice: number; peakNightlyRate: number; squareFeet: number },
  a: Assumptions,
): ShortTermInput {
  const s = a.shortTerm;
  return {
    purchasePrice: property.purchasePrice,
    peakSeasonRate: property.peakNightlyRate,
    shoulderSeasonRate: property.peakNightlyRate * s.shoulderRateFactor,
    offSeasonRate: property.peakNightlyRate * s.offRateFactor,
    peakMonths: s.peakMonths,
    shoulderMonths: s.shoulderMonths,
    offMonths: s.offMonths,
    peakOccupancyPercent: s.peakOccupancyPercent,
    shoulderOccupancyPercent: s.shoulderOccupancyPercent,
    offOccupancyPercent: s.offOccupancyPercent,
    downPaymentPercent: a.financing.downPaymentPercent,
    interestRatePercent: a.financing.interestRatePercent,
    termMonths: a.financing.termMonths,
    closingCostsPercent: a.financing.closingCostsPercent,
    setupCosts: property.squareFeet * s.setupCostPerSqft,
    platformFeePercent: s.platformFeePercent,
    managementPercent: s.managementPercent,
    maintenancePercent: s.maintenancePercent,
    monthlyUtilities: s.monthlyUtilities,
    propertyTaxPercent: a.operating.propertyTaxPercent,
    insurancePercent: s.insurancePercent,
    monthlyHoa: a.operating.monthlyHoa,
  };
}

/** The three seasons' occupancy, percent of nights booked. */
export interface SeasonalOccupancy {
  peakOccupancyPercent: number;
  shoulderOccupancyPercent: number;
  offOccupancyPercent: number;
}

/**
 * The seasons' occupancy scaled so that the year's booked share is `annualPercent` (a market's
 * published average occupancy), keeping the seasons' shape (by default 80 / 65 / 45 %, ≈ 62 % a
 * year). Scaling keeps the booked nights' seasonal mix, so the average booked rate stays the same.
 * Rounded to a tenth; no season above 100 % (a target above what that allows comes out lower).
 */
export function seasonalOccupancyFor(annualPercent: number, seasons: Assumptions['shortTerm']): SeasonalOccupancy {
  const months = seasons.peakMonths + seasons.shoulderMonths + seasons.offMonths;
  const booked =
    seasons.peakMonths * seasons.peakOccupancyPercent +
    seasons.shoulderMonths * seasons.shoulderOccupancyPercent +
    seasons.offMonths * seasons.offOccupancyPercent;
  const scale = booked > 0 ? (annualPercent * months) / booked : 0;
  const scaled = (percent: number) => Math.min(100, Math.round(percent * scale * 10) / 10);
  return {
    peakOccupancyPercent: scaled(seasons.peakOccupancyPercent),
    shoulderOccupancyPercent: scaled(seasons.shoulderOccupancyPercent),
    offOccupancyPercent: scaled(seasons.offOccupancyPercent),
  };
}

export function shortTermRental(input: ShortTermInput): ShortTermAnalysis {
  const price = input.purchasePrice;
  const seasons = [
    { rate: input.peakSeasonRate, months: input.peakMonths, occupancy: input.peakOccupancyPercent },
    { rate: input.shoulderSeasonRate, months: input.shoulderMonths, occupancy: input.shoulderOccupancyPercent },
    { rate: input.offSeasonRate, months: input.offMonths, occupancy: input.offOccupancyPercent },
  ];
  let grossAnnualRevenue = 0;
  let bookedNights = 0;
  let nights = 0;
  for (const s of seasons) {
    const seasonNights = s.months * DAYS_PER_MONTH;
    const booked = (seasonNights * s.occupancy) / 100;
    nights += seasonNights;
    bookedNights += booked;
    grossAnnualRevenue += booked * s.rate;
  }

  const revenueShare = (input.platformFeePercent + input.managementPercent + input.maintenancePercent) / 100;
  const annualExpenses =
    grossAnnualRevenue * revenueShare +
    input.monthlyUtilities * 12 +
    (price * (input.propertyTaxPercent + input.insurancePercent)) / 100 +
    input.monthlyHoa * 12;
  const netOperatingIncome = grossAnnualRevenue - annualExpenses;

  const downPayment = (price * input.downPaymentPercent) / 100;
  const loanAmount = price - downPayment;
  const monthlyMortgage = monthlyPayment(loanAmount, input.interestRatePercent, input.termMonths);
  const totalInvestment = downPayment + (price * input.closingCostsPercent) / 100 + input.setupCosts;
  const annualCashFlow = netOperatingIncome - monthlyMortgage * 12;

  const coc = cashOnCash(annualCashFlow, totalInvestment);
  return {
    grossAnnualRevenue,
    cashOnCashRoi: coc.cashOnCashRoi,
    cashOnCashInfinite: coc.cashOnCashInfinite,
    estimatedOccupancyRate: nights > 0 ? (bookedNights / nights) * 100 : 0,
    netOperatingIncome,
    peakSeasonRate: input.peakSeasonRate,
    offSeasonRate: input.offSeasonRate,
    shoulderSeasonRate: input.shoulderSeasonRate,
    monthlyMortgage,
    annualExpenses,
    totalInvestment,
    capRate: price > 0 ? (netOperatingIncome / price) * 100 : 0,
    setupCosts: input.setupCosts,
    loanAmount,
    bookedNights,
    annualCashFlow,
    dscr: dscr(netOperatingIncome, monthlyMortgage * 12),
  };
}
