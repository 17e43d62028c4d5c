import { analyzeWhatIf, type WhatIf } from '../../src/shared/invest';
import { bestFit, RANK_METRICS, rankStrategies, strategyLoses } from '../../src/shared/invest/ranking';
import { sampleWhatIf } from '../support/what-if';
import { STRATEGY_KEYS } from '../../src/shared/investor-types';

const whatIf = (over: Partial<WhatIf['figures']> = {}): WhatIf => sampleWhatIf(over, 6.5);

/** A $600,000 house renting for $1,500 with an ARV at its price: every strategy loses money. */
const ALL_LOSE = whatIf({ purchasePrice: 600_000, monthlyRent: 1_500, arv: 600_000, peakNightlyRate: 120 });

describe('strategy ranking', () => {
  it('calls a strategy a loss when its cash-on-cash (a flip: its profit) is negative', () => {
    const a = analyzeWhatIf(ALL_LOSE);
    for (const key of STRATEGY_KEYS) expect(strategyLoses(key, a)).toBe(true);
    expect(a.buyHold.cashOnCashRoi!).toBeLessThan(0);
    expect(a.fixFlip.projectedProfit).toBeLessThan(0);

    const pays = analyzeWhatIf(whatIf({ monthlyRent: 3_000 }));
    expect(pays.buyHold.cashOnCashRoi!).toBeGreaterThan(0);
    expect(strategyLoses('buyHold', pays)).toBe(false);
  });

  it('never ranks a losing strategy above one that pays, whatever the metric', () => {
    // Buy & Hold pays here while the flip (ARV at the price) loses.
    const w = whatIf({ monthlyRent: 2_400, arv: 200_000 });
    const a = analyzeWhatIf(w);
    expect(strategyLoses('buyHold', a)).toBe(false);
    expect(strategyLoses('fixFlip', a)).toBe(true);
    for (const metric of RANK_METRICS) {
      const ranks = rankStrategies(metric.key, a, w);
      const firstLoss = ranks.findIndex((r) => r.loses);
      expect(ranks.slice(firstLoss).every((r) => r.loses)).toBe(true);
      expect(bestFit(ranks)?.loses).toBe(false);
      expect(ranks.map((r) => r.rank)).toEqual([1, 2, 3, 4]);
    }
  });

  it('still orders by the metric within the strategies that pay and within those that lose', () => {
    const w = whatIf({ monthlyRent: 2_400, arv: 200_000 });
    const a = analyzeWhatIf(w);
    const ranks = rankStrategies('cashNeeded', a, w);
    const paying = ranks.filter((r) => !r.loses).map((r) => r.value!);
    expect(paying).toEqual([...paying].sort((x, y) => x - y));
  });

  it('has no best fit when every strategy loses', () => {
    const a = analyzeWhatIf(ALL_LOSE);
    for (const metric of RANK_METRICS) {
      const ranks = rankStrategies(metric.key, a, ALL_LOSE);
      expect(ranks.every((r) => r.loses)).toBe(true);
      expect(bestFit(ranks)).toBeNull();
    }
  });

  it('ranks an infinite return first and a metric that does not apply last', () => {
    const w = whatIf();
    const a = analyzeWhatIf(w);
    const infinite = { ...a, brrrr: { ...a.brrrr, cashOnCashRoi: null, cashOnCashInfinite: true, annualCashFlow: 1_000 } };
    expect(rankStrategies('cashOnCash', infinite, w)[0]).toMatchObject({ key: 'brrrr', rank: 1, infinite: true });
    const byCashFlow = rankStrategies('monthlyCashFlow', a, w);
    expect(byCashFlow[3]).toMatchObject({ key: 'fixFlip', value: null, rank: 4 });
  });
});
