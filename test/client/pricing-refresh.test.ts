import { INITIAL_PRICING_WATCH, watchPricing, type PricingWatch } from '../../src/client/features/map/pricing-refresh';

/** Feeds the answers in order; returns after which ones the map searched its view again. */
function refreshesFor(answers: Array<{ rate: number | null; repricing: boolean }>): number[] {
  let watch: PricingWatch = INITIAL_PRICING_WATCH;
  const refreshed: number[] = [];
  answers.forEach((answer, i) => {
    const next = watchPricing(watch, answer);
    watch = next.watch;
    if (next.refresh) refreshed.push(i);
  });
  return refreshed;
}

describe('watchPricing: when the search page fetches its view again after a re-price', () => {
  it('never while the pricing stays as it was first seen', () => {
    expect(
      refreshesFor([
        { rate: 6.26, repricing: false },
        { rate: 6.26, repricing: false },
      ]),
    ).toEqual([]);
  });

  it('once, when a re-price it saw running has finished', () => {
    expect(
      refreshesFor([
        { rate: 6.26, repricing: false },
        { rate: 5.75, repricing: true },
        { rate: 5.75, repricing: true },
        { rate: 5.75, repricing: false },
        { rate: 5.75, repricing: false },
      ]),
    ).toEqual([3]);
  });

  it('when the rate changed between two polls (a re-price that ran in between)', () => {
    expect(
      refreshesFor([
        { rate: 6.26, repricing: false },
        { rate: 5.75, repricing: false },
      ]),
    ).toEqual([1]);
  });

  it('when the page opened during a re-price: what it fetched may be from before it', () => {
    expect(
      refreshesFor([
        { rate: 5.75, repricing: true },
        { rate: 5.75, repricing: false },
      ]),
    ).toEqual([1]);
  });

  it('when the last rate is deleted (no rate at all) and when one comes back', () => {
    expect(
      refreshesFor([
        { rate: 6.26, repricing: false },
        { rate: null, repricing: false },
        { rate: 6.26, repricing: false },
      ]),
    ).toEqual([1, 2]);
  });
});
