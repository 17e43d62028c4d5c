export { monthlyPayment, remainingBalance, amortizationSchedule, interestOnlyPayment, roundCents } from './mortgage';
export type { AmortizationRow } from './mortgage';
export { loanTermMonths } from './loan-term';
export { irr, npv, annualize } from './cash-flow';
export { maxAllowableOffer, breakEvenRate } from './rules';
export type { AnalysisOptions } from './rules';
export { DEFAULT_ASSUMPTIONS, DAYS_PER_MONTH, FINANCING_PRODUCT, withOverrides } from './defaults';
export type { Assumptions, AssumptionOverrides } from './defaults';
export { monthlyOperatingExpenses, cashOnCash, dscr } from './operating';
export { buyHold, buyHoldInput } from './buy-hold';
export type { BuyHoldInput, BuyHoldResults, BuyHoldAnalysis } from './buy-hold';
export { brrrr, brrrrInput } from './brrrr';
export type { BrrrrInput, BRRRRResults, BrrrrAnalysis } from './brrrr';
export { fixFlip, fixFlipInput } from './fix-flip';
export type { FixFlipInput, FixFlipResults, FixFlipAnalysis } from './fix-flip';
export { shortTermRental, shortTermInput, seasonalOccupancyFor } from './short-term-rental';
export type { ShortTermInput, ShortTermResults, ShortTermAnalysis, SeasonalOccupancy } from './short-term-rental';
export { analyzeWhatIf, whatIfProblems, assumptionOverridesProblems, FIGURE_LIMITS, ASSUMPTION_LIMITS } from './what-if';
export type { WhatIf, WhatIfAnalysis, PropertyFigures, InputLimit } from './what-if';
export {
  projectRental,
  projectBuyHold,
  projectBrrrr,
  yearOfSale,
  DEFAULT_GROWTH,
  GROWTH_LIMITS,
  HOLD_YEARS_LIMIT,
  PROJECTION_YEARS,
  DEFAULT_HOLD_YEARS,
} from './projection';
export type { GrowthAssumptions, RentalProjectionInput, ProjectionYear, Projection } from './projection';
export {
  DEFAULT_OFFER_TARGETS,
  formatTarget,
  MAX_OFFER_CEILING,
  MAX_OFFER_FLOOR,
  OFFER_TARGET_LABELS,
  highestPassingPrice,
  maxOffer,
  maxOffers,
  offerTargetMessage,
  offerTargetProblems,
  offerTargetsOf,
  targetTest,
} from './max-offer';
export type { MaxOffer, OfferTargets } from './max-offer';
