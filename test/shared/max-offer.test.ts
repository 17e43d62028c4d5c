import {
  brrrr,
  brrrrInput,
  buyHold,
  buyHoldInput,
  DEFAULT_OFFER_TARGETS,
  fixFlip,
  fixFlipInput,
  highestPassingPrice,
  MAX_OFFER_CEILING,
  maxOffer,
  maxOffers,
  offerTargetProblems,
  shortTermInput,
  shortTermRental,
  targetTest,
  type OfferTargets,
  type WhatIf,
} from '../../src/shared/invest';
import { sampleWhatIf } from '../support/what-if';
import { STRATEGY_KEYS, type StrategyKey } from '../../src/shared/investor-types';

const base = sampleWhatIf;

/**
 * The engine called directly at `price`, every other figure of the what-if kept, and the target
 * checked on its own output: cash-on-cash for the rentals, profit as a share of ARV for the flip.
 */
function reachesDirectly(strategy: StrategyKey, w: WhatIf, targets: OfferTargets, price: number): boolean {
  const f = { ...w.figures, purchasePrice: price };
  const a = w.assumptions;
  const coc = (r: { cashOnCashRoi: number | null; cashOnCashInfinite: boolean }) =>
    r.cashOnCashInfinite || (r.cashOnCashRoi !== null && r.cashOnCashRoi >= targets.cashOnCashPercent);
  switch (strategy) {
    case 'buyHold':
      return coc(buyHold(buyHoldInput(f, a)));
    case 'brrrr':
      return coc(brrrr(brrrrInput(f, a)));
    case 'fixFlip':
      return fixFlip(fixFlipInput(f, a)).projectedProfit >= (f.arv * targets.flipProfitPercent) / 100;
    case 'shortTerm':
      return coc(shortTermRental(shortTermInput(f, a)));
    default:
      throw new Error(strategy);
  }
}

/** A seeded generator, so the random what-ifs are the same on every run. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function randomWhatIf(next: () => number): WhatIf {
  const price = Math.round(50_000 + next() * 900_000);
  const w = base({
    purchasePrice: price,
    monthlyRent: Math.round(price * (0.004 + next() * 0.008)),
    rehabCost: Math.round(price * next() * 0.35),
    arv: Math.round(price * (0.9 + next() * 0.8)),
    peakNightlyRate: Math.round(60 + next() * 400),
    squareFeet: Math.round(600 + next() * 3_000),
  });
  w.assumptions.financing.interestRatePercent = 3 + next() * 6;
  return w;
}

describe('max offer: the highest price that reaches the target', () => {
  it('is a price the engine, called directly, says reaches the target, while one dollar more does not', () => {
    // At $2,400 of rent the refinanced BRRRR cash-flows too (its cash flow does not depend on the price).
    const w = base({ monthlyRent: 2_400 });
    for (const targets of [DEFAULT_OFFER_TARGETS, { cashOnCashPercent: 2, flipProfitPercent: 5 }]) {
      for (const strategy of STRATEGY_KEYS) {
        const offer = maxOffer(strategy, w, targets);
        if (offer.kind !== 'price') throw new Error(`${strategy}: ${offer.kind}`);
        expect(reachesDirectly(strategy, w, targets, offer.price)).toBe(true);
        expect(reachesDirectly(strategy, w, targets, offer.price + 1)).toBe(false);
        expect(Number.isInteger(offer.price)).toBe(true);
        expect(offer.coversAsking).toBe(offer.price >= w.figures.purchasePrice);
        expect(offer.coversAsking).toBe(reachesDirectly(strategy, w, targets, w.figures.purchasePrice));
      }
    }
  });

  it('matches direct evaluation on 200 random properties, for every strategy', () => {
    const next = rng(16);
    let prices = 0;
    for (let i = 0; i < 200; i++) {
      const w = randomWhatIf(next);
      const targets = { cashOnCashPercent: Math.round(next() * 20), flipProfitPercent: Math.round(next() * 30) };
      for (const strategy of STRATEGY_KEYS) {
        const offer = maxOffer(strategy, w, targets);
        if (offer.kind === 'price') {
          prices++;
          expect(reachesDirectly(strategy, w, targets, offer.price)).toBe(true);
          expect(reachesDirectly(strategy, w, targets, offer.price + 1)).toBe(false);
        } else if (offer.kind === 'none') {
          expect(reachesDirectly(strategy, w, targets, 1)).toBe(false);
        } else {
          expect(reachesDirectly(strategy, w, targets, MAX_OFFER_CEILING)).toBe(true);
        }
      }
    }
    // Most strategies of most properties have a max offer (the test checks prices, not only the edges).
    expect(prices).toBeGreaterThan(400);
  });

  it('rests on a monotone test: once a price misses the target, every higher price misses it too', () => {
    const next = rng(7);
    for (let i = 0; i < 50; i++) {
      const w = randomWhatIf(next);
      for (const strategy of STRATEGY_KEYS) {
        const reaches = targetTest(strategy, w, DEFAULT_OFFER_TARGETS);
        let missed = false;
        for (let price = 1_000; price <= 2_000_000; price += 7_919) {
          const ok = reaches(price);
          if (missed) expect(ok).toBe(false);
          if (!ok) missed = true;
        }
      }
    }
  });

  it('is above the asking price when the asking price already reaches the target', () => {
    // Rent of 1.5 % of the price a month: Buy & Hold pays far more than 8 % at the asking price.
    const w = base({ monthlyRent: 3_000 });
    const offer = maxOffer('buyHold', w, DEFAULT_OFFER_TARGETS);
    expect(offer).toMatchObject({ kind: 'price', coversAsking: true });
    if (offer.kind === 'price') expect(offer.price).toBeGreaterThan(200_000);
  });

  it('says no price reaches the target when even a $1 purchase misses it', () => {
    // $50 of rent a month cannot pay 8 % on the $10,000 rehab alone, even on a $1 house.
    const w = base({ monthlyRent: 50, peakNightlyRate: 5 });
    expect(maxOffer('buyHold', w, DEFAULT_OFFER_TARGETS)).toEqual({ kind: 'none' });
    expect(maxOffer('shortTerm', w, DEFAULT_OFFER_TARGETS)).toEqual({ kind: 'none' });
    // A flip whose rehab and selling costs eat the whole ARV.
    expect(maxOffer('fixFlip', base({ rehabCost: 250_000 }), DEFAULT_OFFER_TARGETS)).toEqual({ kind: 'none' });
    // BRRRR's cash flow after the refinance does not depend on the price: negative at $1,800 of rent.
    expect(maxOffer('brrrr', base(), DEFAULT_OFFER_TARGETS)).toEqual({ kind: 'none' });
  });

  it('reproduces the example of docs/investment-math.md ("Max offer")', () => {
    expect(maxOffers(sampleWhatIf({}, 6.5), DEFAULT_OFFER_TARGETS)).toEqual({
      buyHold: { kind: 'price', price: 154_817, coversAsking: false },
      brrrr: { kind: 'none' },
      fixFlip: { kind: 'price', price: 159_558, coversAsking: false },
      shortTerm: { kind: 'price', price: 194_081, coversAsking: false },
    });
  });

  it('gives all four at once, each equal to its own solve', () => {
    const w = base();
    const all = maxOffers(w, DEFAULT_OFFER_TARGETS);
    for (const strategy of STRATEGY_KEYS) expect(all[strategy]).toEqual(maxOffer(strategy, w, DEFAULT_OFFER_TARGETS));
  });
});

describe('the bisection itself', () => {
  it('finds the last passing whole dollar from below and from above the asking price, in few evaluations', () => {
    for (const asking of [1, 1_000, 123_456, 200_000, 5_000_000]) {
      let calls = 0;
      const meets = (p: number) => {
        calls++;
        return p <= 123_456;
      };
      expect(highestPassingPrice(meets, asking)).toEqual({ kind: 'price', price: 123_456, coversAsking: asking <= 123_456 });
      expect(calls).toBeLessThan(70);
    }
  });

  it('answers none and any at the bounds', () => {
    expect(highestPassingPrice(() => false, 200_000)).toEqual({ kind: 'none' });
    expect(highestPassingPrice(() => true, 200_000)).toEqual({ kind: 'any' });
    expect(highestPassingPrice((p) => p <= 1, 200_000)).toEqual({ kind: 'price', price: 1, coversAsking: false });
    expect(highestPassingPrice((p) => p < MAX_OFFER_CEILING, 200_000)).toEqual({
      kind: 'price',
      price: MAX_OFFER_CEILING - 1,
      coversAsking: true,
    });
    // A price that is not a number starts the search at the floor.
    expect(highestPassingPrice((p) => p <= 500, Number.NaN)).toEqual({ kind: 'price', price: 500, coversAsking: true });
  });
});

describe('offer targets', () => {
  it('accepts numbers from 0 to 100 and names each bad one', () => {
    expect(offerTargetProblems({ cashOnCashPercent: 0, flipProfitPercent: 100 })).toEqual({});
    expect(offerTargetProblems({ cashOnCashPercent: 8.5, flipProfitPercent: 15 })).toEqual({});
    expect(offerTargetProblems({ cashOnCashPercent: -1, flipProfitPercent: '15' })).toEqual({
      cashOnCashPercent: 'Target cash-on-cash must be a number from 0 to 100 (percent)',
      flipProfitPercent: 'Target flip profit must be a number from 0 to 100 (percent)',
    });
    expect(offerTargetProblems({ cashOnCashPercent: 101, flipProfitPercent: null })).toHaveProperty('cashOnCashPercent');
  });
});
