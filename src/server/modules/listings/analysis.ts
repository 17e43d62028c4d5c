import {
  dealStatusFromComps,
  markerColorFor,
  type DealConfidence,
  type DealStatus,
  type MarkerColor,
} from '../../../shared/deal-status';
import {
  FINANCING_PRODUCT,
  brrrr,
  brrrrInput,
  buyHold,
  buyHoldInput,
  fixFlip,
  fixFlipInput,
  loanTermMonths,
  shortTermInput,
  shortTermRental,
  withOverrides,
  type AssumptionOverrides,
  type Assumptions,
  type BRRRRResults,
  type BuyHoldResults,
  type FixFlipResults,
  type ShortTermResults,
  type WhatIfAnalysis,
} from '../../../shared/invest';
import { engineRent } from '../../../shared/rent-estimate';
import { median, roundTo } from '../../../shared/stats';
import type { EngineInputs } from '../../db/schema';

/**
 * Everything the server precomputes for a property, as pure functions: deal status and confidence
 * from its comps, the engine inputs (feed estimates or fallbacks) and the four strategy results.
 */

export { FINANCING_PRODUCT };

export interface PropertyFacts {
  listPrice: number;
  area: number | null;
  /** The feed's rent (EstimatedMonthlyRent). */
  monthlyRent: number | null;
  /** The lease comps' estimate (src/shared/rent-estimate.ts), when there are enough leases. */
  rentEstimate?: number | null;
  /** The median rent per square foot of the city's leases, when it has any. */
  cityRentPerSqft?: number | null;
  rehabEstimate: number | null;
  arvEstimate: number | null;
  nightlyRate: number | null;
}

export type { EngineInputs };

/** Fallbacks when the feed carries no estimate (documented in docs/listings.md; the rent's: engineRent, RENT_FALLBACK). */
export const FALLBACKS = {
  /** Rehab as a share of the price (5 %), rounded to $500. */
  rehabToPrice: 0.05,
  /** Peak nightly rate as a multiple of the daily long-term rent. */
  nightlyToDailyRent: 2.5,
} as const;

export interface CompFacts {
  closePrice: number;
  area: number | null;
}

/**
 * ARV: the feed's, else the comps' median price per sq ft times the area, else their median price,
 * else the price. Rent: the feed's, else the lease comps' estimate, else the city's leases' median
 * rent per sq ft times the area, else 0.75 % of the price (engineRent).
 */
export function engineInputs(p: PropertyFacts, comps: readonly CompFacts[] = []): EngineInputs {
  const price = p.listPrice;
  let arv = p.arvEstimate;
  if (arv === null && comps.length) {
    const ppsf = comps.filter((c) => c.area !== null && c.area > 0).map((c) => c.closePrice / (c.area as number));
    arv = ppsf.length && p.area ? roundTo(median(ppsf) * p.area, 1000) : roundTo(median(comps.map((c) => c.closePrice)), 1000);
  }
  const { monthlyRent } = engineRent(p.monthlyRent, p.rentEstimate ?? null, p.cityRentPerSqft ?? null, p.area, price);
  return {
    purchasePrice: price,
    monthlyRent,
    rehabEstimate: p.rehabEstimate ?? roundTo(price * FALLBACKS.rehabToPrice, 500),
    arvEstimate: arv ?? price,
    nightlyRate: p.nightlyRate ?? roundTo(((monthlyRent * 12) / 365) * FALLBACKS.nightlyToDailyRent, 5),
    squareFeet: p.area ?? 0,
  };
}

/** Default assumptions, a market's overrides, and the latest 30-year rate. */
export function assumptionsFor(rate30: number | null, market?: AssumptionOverrides): Assumptions {
  return withOverrides(
    market,
    rate30 === null ? undefined : { financing: { interestRatePercent: rate30, termMonths: loanTermMonths(FINANCING_PRODUCT) } },
  );
}

export interface StrategyResults {
  BuyHoldResults: BuyHoldResults & { cashOnCashInfinite: boolean };
  BRRRRResults: BRRRRResults & { cashOnCashInfinite: boolean };
  FixFlipResults: FixFlipResults & { cashOnCashInfinite: boolean };
  ShortTermResults: ShortTermResults & { cashOnCashInfinite: boolean };
}

const r2 = (v: number) => Math.round(v * 100) / 100;
const r2n = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);

/**
 * The four strategies' result fields, rounded to cents / hundredths of a percent,
 * for many properties under one set of assumptions. The engine's input builders run once; each
 * property then only sets its own figures on the built inputs (the engine functions are pure and
 * keep no reference to them), which is several times faster than building fresh inputs per property.
 */
/** Stored results hold the spec fields only; the break-even rate is computed live on the property page. */
const STORED_RESULTS_ONLY = { breakEvenRate: false } as const;

export function strategyCalculator(a: Assumptions): (i: EngineInputs) => StrategyResults {
  const bhInput = buyHoldInput({ purchasePrice: 0, monthlyRent: 0, rehabCost: 0 }, a);
  const brInput = brrrrInput({ purchasePrice: 0, monthlyRent: 0, rehabCost: 0, arv: 0 }, a);
  const ffInput = fixFlipInput({ purchasePrice: 0, rehabCost: 0, arv: 0 }, a);
  return (i) => {
    bhInput.purchasePrice = i.purchasePrice;
    bhInput.monthlyRent = i.monthlyRent;
    bhInput.rehabCost = i.rehabEstimate;
    const bh = buyHold(bhInput, STORED_RESULTS_ONLY);
    brInput.purchasePrice = i.purchasePrice;
    brInput.monthlyRent = i.monthlyRent;
    brInput.rehabCost = i.rehabEstimate;
    brInput.arv = i.arvEstimate;
    const br = brrrr(brInput, STORED_RESULTS_ONLY);
    ffInput.purchasePrice = i.purchasePrice;
    ffInput.rehabCost = i.rehabEstimate;
    ffInput.arv = i.arvEstimate;
    const ff = fixFlip(ffInput);
    // Short-term inputs derive seasonal rates and setup costs from the property: built each time (cheap).
    const st = shortTermRental(
      shortTermInput({ purchasePrice: i.purchasePrice, peakNightlyRate: i.nightlyRate, squareFeet: i.squareFeet }, a),
    );
    return roundResults({ buyHold: bh, brrrr: br, fixFlip: ff, shortTerm: st });
  };
}

/**
 * The four strategies' result fields rounded to cents / hundredths of a percent: what a
 * property stores, and what a saved calculation stores of its own what-if analysis.
 */
export function roundResults({ buyHold: bh, brrrr: br, fixFlip: ff, shortTerm: st }: WhatIfAnalysis): StrategyResults {
  return {
    BuyHoldResults: {
      totalCashNeeded: r2(bh.totalCashNeeded),
      netMonthlyIncome: r2(bh.netMonthlyIncome),
      grossMonthlyExpenses: r2(bh.grossMonthlyExpenses),
      totalCosts: r2(bh.totalCosts),
      cashOnCashRoi: r2n(bh.cashOnCashRoi),
      cashOnCashInfinite: bh.cashOnCashInfinite,
    },
    BRRRRResults: {
      totalCashNeeded: r2(br.totalCashNeeded),
      cashOnCashRoi: r2n(br.cashOnCashRoi),
      netMonthlyIncome: r2(br.netMonthlyIncome),
      cashAtRefiClose: r2(br.cashAtRefiClose),
      arv: r2(br.arv),
      loanAmount: r2(br.loanAmount),
      rehabCost: r2(br.rehabCost),
      refiLoanAmount: r2(br.refiLoanAmount),
      grossMonthlyExpenses: r2(br.grossMonthlyExpenses),
      cashOnCashInfinite: br.cashOnCashInfinite,
    },
    FixFlipResults: {
      cashNeeded: r2(ff.cashNeeded),
      cashOnCashRoi: r2n(ff.cashOnCashRoi),
      projectedProfit: r2(ff.projectedProfit),
      returnOnInvestment: r2(ff.returnOnInvestment),
      afterRepairValue: r2(ff.afterRepairValue),
      rehabCosts: r2(ff.rehabCosts),
      purchaseCosts: r2(ff.purchaseCosts),
      sellingCosts: r2(ff.sellingCosts),
      totalProjectCosts: r2(ff.totalProjectCosts),
      estimatedTimeMonths: r2(ff.estimatedTimeMonths),
      cashOnCashInfinite: ff.cashOnCashInfinite,
    },
    ShortTermResults: {
      grossAnnualRevenue: r2(st.grossAnnualRevenue),
      cashOnCashRoi: r2n(st.cashOnCashRoi),
      estimatedOccupancyRate: r2(st.estimatedOccupancyRate),
      netOperatingIncome: r2(st.netOperatingIncome),
      peakSeasonRate: r2(st.peakSeasonRate),
      offSeasonRate: r2(st.offSeasonRate),
      shoulderSeasonRate: r2(st.shoulderSeasonRate),
      monthlyMortgage: r2(st.monthlyMortgage),
      annualExpenses: r2(st.annualExpenses),
      totalInvestment: r2(st.totalInvestment),
      capRate: r2(st.capRate),
      setupCosts: r2(st.setupCosts),
      cashOnCashInfinite: st.cashOnCashInfinite,
    },
  };
}

/** One property's results (see strategyCalculator for many). */
export function strategyResults(i: EngineInputs, a: Assumptions): StrategyResults {
  return strategyCalculator(a)(i);
}

const DAY_MS = 86_400_000;

/** compCount, spread of sold prices ((max − min) / median, percent) and days since the newest sale. */
export function dealConfidence(comps: ReadonlyArray<{ closePrice: number; closeDate: string }>, asOf: string): DealConfidence {
  if (comps.length === 0) return { compCount: 0, spreadPercent: null, newestSaleDays: null };
  const prices = comps.map((c) => c.closePrice);
  const mid = median(prices);
  const spread = mid > 0 ? ((Math.max(...prices) - Math.min(...prices)) / mid) * 100 : null;
  const newest = comps.reduce((m, c) => (c.closeDate > m ? c.closeDate : m), comps[0].closeDate);
  return {
    compCount: comps.length,
    spreadPercent: spread === null ? null : Math.round(spread * 10) / 10,
    newestSaleDays: Math.max(0, Math.round((Date.parse(`${asOf}T00:00:00Z`) - Date.parse(`${newest}T00:00:00Z`)) / DAY_MS)),
  };
}

export interface DealAssessment {
  dealStatus: DealStatus;
  markerColor: MarkerColor;
  confidence: DealConfidence;
}

export function assessDeal(
  listPrice: number,
  comps: ReadonlyArray<{ closePrice: number; closeDate: string }>,
  asOf: string,
): DealAssessment {
  const dealStatus = dealStatusFromComps(
    listPrice,
    comps.map((c) => c.closePrice),
  );
  return { dealStatus, markerColor: markerColorFor(dealStatus), confidence: dealConfidence(comps, asOf) };
}
