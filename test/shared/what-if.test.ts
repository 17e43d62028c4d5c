import { sampleWhatIf } from '../support/what-if';
import { analyzeWhatIf, buyHold, buyHoldInput, whatIfProblems, type WhatIf } from '../../src/shared/invest';

const base = (): WhatIf => sampleWhatIf();

describe('what-if analysis', () => {
  it('gives the same Buy & Hold figures as the engine called directly', () => {
    const w = base();
    const direct = buyHold(buyHoldInput({ purchasePrice: 200_000, monthlyRent: 1_800, rehabCost: 10_000 }, w.assumptions));
    expect(analyzeWhatIf(w).buyHold).toEqual(direct);
  });

  it('recomputes when the rate changes: a higher rate lowers every financed cash flow', () => {
    const low = analyzeWhatIf(base());
    const w = base();
    w.assumptions.financing.interestRatePercent = 8;
    const high = analyzeWhatIf(w);
    expect(high.buyHold.monthlyMortgage).toBeGreaterThan(low.buyHold.monthlyMortgage);
    expect(high.buyHold.netMonthlyIncome).toBeLessThan(low.buyHold.netMonthlyIncome);
    expect(high.brrrr.netMonthlyIncome).toBeLessThan(low.brrrr.netMonthlyIncome);
    expect(high.shortTerm.monthlyMortgage).toBeGreaterThan(low.shortTerm.monthlyMortgage);
    // The flip is financed by hard money, not the mortgage rate.
    expect(high.fixFlip.projectedProfit).toBe(low.fixFlip.projectedProfit);
  });

  it('accepts a complete analysis and names every bad field', () => {
    expect(whatIfProblems(base())).toEqual([]);
    const w = base() as unknown as {
      figures: Record<string, unknown>;
      assumptions: { financing: Record<string, unknown>; shortTerm: Record<string, unknown> };
    };
    w.figures.purchasePrice = 'a lot';
    w.assumptions.financing.downPaymentPercent = 120;
    w.assumptions.financing.termMonths = 359.5;
    w.assumptions.shortTerm.peakMonths = 5;
    w.figures.extra = 1;
    expect(whatIfProblems(w)).toEqual([
      'Unknown field figures.extra',
      'Purchase price (figures.purchasePrice) must be a number',
      'Down payment (assumptions.financing.downPaymentPercent) must be between 0 and 100',
      'Loan term (assumptions.financing.termMonths) must be a whole number',
      'The three seasons must add up to 12 months (they add up to 14)',
    ]);
    expect(whatIfProblems(null)).toEqual(['The analysis must be an object with figures and assumptions']);
    expect(whatIfProblems({ figures: {} })).toContain('assumptions must be an object');
  });
});
