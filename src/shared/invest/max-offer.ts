import { brrrr, brrrrInput } from './brrrr';
import { buyHold, buyHoldInput } from './buy-hold';
import { fixFlip, fixFlipInput } from './fix-flip';
import { shortTermInput, shortTermRental } from './short-term-rental';
import { FIGURE_LIMITS, type WhatIf } from './what-if';
import { OFFER_TARGET_RANGE, type OfferTargets } from '../schemas/profile';
import type { StrategyKey } from '../vocabulary';

export type { OfferTargets };

/**
 * Max offer: the highest purchase price at which a strategy still reaches the user's target, every
 * other figure and assumption held (docs/investment-math.md, "Max offer").
 */

/** A new user's targets (and the column defaults of migration 0020-offer-targets). */
export const DEFAULT_OFFER_TARGETS: OfferTargets = { cashOnCashPercent: 8, flipProfitPercent: 15 };

/** The lowest price tried: the what-if's own lower limit ($1). */
export const MAX_OFFER_FLOOR = FIGURE_LIMITS.purchasePrice.min;
/** The highest price tried: the what-if's own upper limit ($1,000,000,000). */
export const MAX_OFFER_CEILING = FIGURE_LIMITS.purchasePrice.max;

export type MaxOffer =
  /** Not even the floor price reaches the target. */
  | { kind: 'none' }
  /**
   * `price` (whole dollars) reaches the target and `price + 1` does not. `coversAsking`: the asking
   * price reaches it too (price ≥ the asking price).
   */
  | { kind: 'price'; price: number; coversAsking: boolean }
  /** Even the ceiling price reaches the target. */
  | { kind: 'any' };

/**
 * The highest whole-dollar price in [floor, ceiling] at which `meets` holds, for a `meets` that holds
 * up to some price and fails above it (monotone). It starts at the asking price: when that meets the
 * target it doubles upwards until a price fails (or the ceiling meets it), otherwise it searches below
 * it; then it bisects between the last price that met the target and the first that failed, to $1.
 * About 2·log2(asking price) evaluations, 40 to 60 for usual prices.
 */
export function highestPassingPrice(
  meets: (price: number) => boolean,
  askingPrice: number,
  floor = MAX_OFFER_FLOOR,
  ceiling = MAX_OFFER_CEILING,
): MaxOffer {
  const start = Math.min(ceiling, Math.max(floor, Math.round(Number.isFinite(askingPrice) ? askingPrice : floor)));
  let low: number;
  let high: number;
  const coversAsking = meets(start);
  if (coversAsking) {
    if (start >= ceiling) return { kind: 'any' };
    low = start;
    high = Math.min(ceiling, start * 2);
    while (meets(high)) {
      if (high >= ceiling) return { kind: 'any' };
      low = high;
      high = Math.min(ceiling, high * 2);
    }
  } else {
    if (!meets(floor)) return { kind: 'none' };
    low = floor;
    high = start;
  }
  // Invariant: meets(low) and !meets(high).
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (meets(mid)) low = mid;
    else high = mid;
  }
  return { kind: 'price', price: low, coversAsking };
}

/** A rental reaches a cash-on-cash target: an infinite return (no cash left in, positive cash flow) always does. */
const meetsCashOnCash = (r: { cashOnCashRoi: number | null; cashOnCashInfinite: boolean }, targetPercent: number) =>
  r.cashOnCashInfinite || (r.cashOnCashRoi !== null && r.cashOnCashRoi >= targetPercent);

const NO_BREAK_EVEN = { breakEvenRate: false } as const;

/**
 * Whether `strategy` reaches its target at a given purchase price, with the rest of the what-if held:
 * the engine itself, evaluated with only the price changed. Rentals: cash-on-cash ≥ the target;
 * Fix'N'Flip: projected profit ≥ the target share of the ARV.
 */
export function targetTest(strategy: StrategyKey, whatIf: WhatIf, targets: OfferTargets): (price: number) => boolean {
  const { figures: f, assumptions: a } = whatIf;
  const coc = targets.cashOnCashPercent;
  switch (strategy) {
    case 'buyHold': {
      const input = buyHoldInput({ purchasePrice: f.purchasePrice, monthlyRent: f.monthlyRent, rehabCost: f.rehabCost }, a);
      return (price) => meetsCashOnCash(buyHold({ ...input, purchasePrice: price }, NO_BREAK_EVEN), coc);
    }
    case 'brrrr': {
      const input = brrrrInput(
        { purchasePrice: f.purchasePrice, monthlyRent: f.monthlyRent, rehabCost: f.rehabCost, arv: f.arv },
        a,
      );
      return (price) => meetsCashOnCash(brrrr({ ...input, purchasePrice: price }, NO_BREAK_EVEN), coc);
    }
    case 'fixFlip': {
      const input = fixFlipInput({ purchasePrice: f.purchasePrice, rehabCost: f.rehabCost, arv: f.arv }, a);
      const wanted = (f.arv * targets.flipProfitPercent) / 100;
      return (price) => fixFlip({ ...input, purchasePrice: price }).projectedProfit >= wanted;
    }
    case 'shortTerm': {
      const input = shortTermInput(
        { purchasePrice: f.purchasePrice, peakNightlyRate: f.peakNightlyRate, squareFeet: f.squareFeet },
        a,
      );
      return (price) => meetsCashOnCash(shortTermRental({ ...input, purchasePrice: price }), coc);
    }
    default:
      return () => false;
  }
}

/** One strategy's max offer for this what-if and these targets (the asking price is the what-if's price). */
export function maxOffer(strategy: StrategyKey, whatIf: WhatIf, targets: OfferTargets): MaxOffer {
  return highestPassingPrice(targetTest(strategy, whatIf, targets), whatIf.figures.purchasePrice);
}

/** All four strategies' max offers. */
export function maxOffers(whatIf: WhatIf, targets: OfferTargets): Record<StrategyKey, MaxOffer> {
  return {
    buyHold: maxOffer('buyHold', whatIf, targets),
    brrrr: maxOffer('brrrr', whatIf, targets),
    fixFlip: maxOffer('fixFlip', whatIf, targets),
    shortTerm: maxOffer('shortTerm', whatIf, targets),
  };
}

/** The profile's labels of the two targets. */
export const OFFER_TARGET_LABELS: Record<keyof OfferTargets, string> = {
  cashOnCashPercent: 'Target cash-on-cash',
  flipProfitPercent: 'Target flip profit',
};

export const offerTargetMessage = (key: keyof OfferTargets): string =>
  `${OFFER_TARGET_LABELS[key]} must be a number from ${OFFER_TARGET_RANGE.min} to ${OFFER_TARGET_RANGE.max} (percent)`;

/** Each target's problem (none when it is a number from 0 to 100): the profile form's and the server's check. */
export function offerTargetProblems(value: Record<string, unknown>): Partial<Record<keyof OfferTargets, string>> {
  const problems: Partial<Record<keyof OfferTargets, string>> = {};
  for (const key of Object.keys(OFFER_TARGET_LABELS) as Array<keyof OfferTargets>) {
    const v = value[key];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < OFFER_TARGET_RANGE.min || v > OFFER_TARGET_RANGE.max) {
      problems[key] = offerTargetMessage(key);
    }
  }
  return problems;
}

/** A target as text: 8 → "8%", 10.5 → "10.5%". */
export const formatTarget = (percent: number): string => `${Number(percent.toFixed(2))}%`;

/** The user's targets, or the defaults for a profile that holds none (a session stored before targets existed). */
export const offerTargetsOf = (profile: { offerTargets?: OfferTargets | null } | null | undefined): OfferTargets =>
  profile?.offerTargets ?? DEFAULT_OFFER_TARGETS;
