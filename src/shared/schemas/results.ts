import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import { Nullable } from './common';

/**
 * The four strategies' results: the spec's fields, as the engine (src/shared/invest) computes them
 * and as a property embeds them. `cashOnCashRoi` is null when no cash goes in (an infinite return).
 */
const money = (options?: { description: string }) => Type.Number(options);
const roi = () => Nullable(Type.Number());

export const BuyHoldResults = Type.Object({
  totalCashNeeded: money(),
  netMonthlyIncome: money(),
  grossMonthlyExpenses: money(),
  totalCosts: money(),
  cashOnCashRoi: roi(),
});

export const BRRRRResults = Type.Object({
  totalCashNeeded: money(),
  cashOnCashRoi: roi(),
  netMonthlyIncome: money(),
  cashAtRefiClose: money(),
  arv: money(),
  loanAmount: money({ description: '70 % of ARV (the purchase-and-rehab loan).' }),
  rehabCost: money(),
  refiLoanAmount: money({ description: '80 % of ARV (the refinance loan).' }),
  grossMonthlyExpenses: money(),
});

export const FixFlipResults = Type.Object({
  cashNeeded: money(),
  cashOnCashRoi: roi(),
  projectedProfit: money(),
  returnOnInvestment: Type.Number(),
  afterRepairValue: money(),
  rehabCosts: money(),
  purchaseCosts: money(),
  sellingCosts: money(),
  totalProjectCosts: money(),
  estimatedTimeMonths: Type.Number(),
});

export const ShortTermResults = Type.Object({
  grossAnnualRevenue: money(),
  cashOnCashRoi: roi(),
  estimatedOccupancyRate: Type.Number({ description: "Percent of the year's nights booked." }),
  netOperatingIncome: money(),
  peakSeasonRate: money(),
  offSeasonRate: money(),
  shoulderSeasonRate: money(),
  monthlyMortgage: money(),
  annualExpenses: money({ description: 'Operating expenses per year (no debt service).' }),
  totalInvestment: money(),
  capRate: Type.Number({ description: 'NOI / purchase price, percent.' }),
  setupCosts: money(),
});

export type BuyHoldResults = Static<typeof BuyHoldResults>;
export type BRRRRResults = Static<typeof BRRRRResults>;
export type FixFlipResults = Static<typeof FixFlipResults>;
export type ShortTermResults = Static<typeof ShortTermResults>;

/** Results as stored and sent: rounded, with whether cash-on-cash is infinite (no cash in). */
const stored = <T extends TProperties>(results: TObject<T>) =>
  Type.Composite([results, Type.Object({ cashOnCashInfinite: Type.Boolean() })]);

export const StoredBuyHoldResults = stored(BuyHoldResults);
export const StoredBRRRRResults = stored(BRRRRResults);
export const StoredFixFlipResults = stored(FixFlipResults);
export const StoredShortTermResults = stored(ShortTermResults);

/** The four embedded results of a property (each null until computed). */
export const EmbeddedResults = Type.Object({
  BuyHoldResults: Nullable(StoredBuyHoldResults),
  BRRRRResults: Nullable(StoredBRRRRResults),
  FixFlipResults: Nullable(StoredFixFlipResults),
  ShortTermResults: Nullable(StoredShortTermResults),
});
export type StrategyResults = {
  BuyHoldResults: Static<typeof StoredBuyHoldResults>;
  BRRRRResults: Static<typeof StoredBRRRRResults>;
  FixFlipResults: Static<typeof StoredFixFlipResults>;
  ShortTermResults: Static<typeof StoredShortTermResults>;
};
