import { INITIAL_PRICING_WATCH, watchPricing, type PricingWatch } from '../../src/client/features/map/pricing-refresh';

type Answer = { rate: number | null; repricing: boolean; version: number };

/** Feeds the answers in order; returns after which ones the map searched its view again. */
function refreshesFor(answers: Answer[]): number[] {
  let watch: PricingWatch = INITIAL_PRICING_WATCH;
  const refreshed: number[] = [];
  answers.forEach((answer, i) => {
    const next = watchPricing(watch, answer);
    watch = next.watch;
    if (next.refresh) refreshed.push(i);
  });
  return refreshed;
}

const settled = (version: number, rate = 6.26): Answer => ({ rate, repricing: false, version });
const running = (version: number, rate = 5.75): Answer => ({ rate, repricing: true, version });

describe('watchPricing: when the search page fetches its view again after a re-price', () => {
  it('never while no re-price has finished', () => {
    expect(refreshesFor([settled(3), settled(3), settled(3)])).toEqual([]);
  });

  it('once, when a re-price it saw running has finished', () => {
    expect(refreshesFor([settled(3), running(3), running(3), settled(4, 5.75), settled(4, 5.75)])).toEqual([3]);
  });

  it('not when the new rate is on file but its re-price has not started yet', () => {
    expect(refreshesFor([settled(3), settled(3, 5.75), running(3), settled(4, 5.75)])).toEqual([3]);
  });

  it('when a re-price started and ended between two polls (a rate or a market assumption changed)', () => {
    expect(refreshesFor([settled(3), settled(4)])).toEqual([1]);
  });

  it('when the page opened during a re-price: what it fetched may be from before it', () => {
    expect(refreshesFor([running(3), running(3), settled(4, 5.75)])).toEqual([2]);
  });

  it('after a server restart (its count starts again)', () => {
    expect(refreshesFor([settled(7), settled(0)])).toEqual([1]);
  });
});
