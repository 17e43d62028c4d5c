import {
  DEFAULT_ASSUMPTIONS,
  amortizationSchedule,
  brrrr,
  brrrrInput,
  buyHold,
  buyHoldInput,
  fixFlip,
  fixFlipInput,
  irr,
  loanTermMonths,
  maxAllowableOffer,
  monthlyPayment,
  npv,
  remainingBalance,
  shortTermInput,
  shortTermRental,
  withOverrides,
} from '../../src/shared/invest';

const cents = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);

describe('mortgage maths', () => {
  it('$200,000 at 6.5 % for 30 years pays $1,264.14 a month', () => {
    expect(cents(monthlyPayment(200_000, 6.5, 360))).toBe(1264.14);
  });

  it('a 0 % loan repays the principal evenly', () => {
    expect(monthlyPayment(120_000, 0, 360)).toBeCloseTo(333.3333, 4);
    expect(remainingBalance(120_000, 0, 360, 180)).toBeCloseTo(60_000, 6);
  });

  it('the remaining balance matches the amortization schedule', () => {
    expect(cents(remainingBalance(200_000, 6.5, 360, 60))).toBe(187_221.95);
    const schedule = amortizationSchedule(200_000, 6.5, 360);
    expect(schedule).toHaveLength(360);
    expect(schedule[59].balance).toBeCloseTo(187_221.95, 1);
    expect(schedule[0].interest).toBeCloseTo(1083.33, 2);
    expect(schedule[359].balance).toBe(0);
    const principalPaid = schedule.reduce((sum, row) => sum + row.principal, 0);
    expect(principalPaid).toBeCloseTo(200_000, 6);
    expect(remainingBalance(200_000, 6.5, 360, 360)).toBe(0);
  });

  it('returns 0 for no loan', () => {
    expect(monthlyPayment(0, 6, 360)).toBe(0);
    expect(monthlyPayment(100_000, 6, 0)).toBe(0);
  });
});

describe('loan-term helper (spec section 9)', () => {
  it.each([
    ['30-Year Fixed', 360],
    ['30 year fixed rate', 360],
    ['Jumbo', 360],
    ['30 Yr Jumbo Fixed', 360],
    ['20 Year Fixed', 240],
    ['15-Year Fixed', 180],
    ['10 Year Fixed', 120],
    ['7 Year ARM', 84],
    ['5-year ARM', 60],
    ['5/1 ARM', 0],
    ['25 Year Fixed', 0],
    ['Fixed', 0],
    ['', 0],
  ])('%s → %i months', (text, months) => {
    expect(loanTermMonths(text)).toBe(months);
  });

  it('gives 0 for anything that is not text', () => {
    expect(loanTermMonths(null)).toBe(0);
    expect(loanTermMonths(undefined)).toBe(0);
  });
});

describe('discounted cash flows', () => {
  it('reproduces the IRR example on Wikipedia (5.96 %)', () => {
    const flows = [-123_400, 36_200, 54_800, 48_100];
    const rate = irr(flows)!;
    expect(rate).toBeCloseTo(0.0596, 4);
    expect(npv(rate, flows)).toBeCloseTo(0, 6);
  });

  it('npv discounts flow t by (1 + rate)^t with flow 0 undiscounted', () => {
    expect(npv(0.1, [-100, 110])).toBeCloseTo(0, 10);
    expect(npv(0, [-100, 30, 30])).toBe(-40);
  });

  it('has no IRR when the flows never change sign', () => {
    expect(irr([100, 10])).toBeNull();
    expect(irr([-100, -10])).toBeNull();
  });
});

describe('the 70 % rule', () => {
  it('offers $220,000 on a $400,000 ARV with $60,000 of repairs', () => {
    expect(maxAllowableOffer(400_000, 60_000)).toBe(220_000);
  });
});

describe('Buy & Hold (docs/investment-math.md, worked example 1)', () => {
  const result = buyHold(buyHoldInput({ purchasePrice: 200_000, monthlyRent: 1_800 }, DEFAULT_ASSUMPTIONS));

  it('reproduces the worked example', () => {
    expect(result.totalCashNeeded).toBe(56_000);
    expect(result.totalCosts).toBe(206_000);
    expect(cents(result.monthlyMortgage)).toBe(924.55);
    expect(cents(result.monthlyOperatingExpenses)).toBe(770.67);
    expect(cents(result.grossMonthlyExpenses)).toBe(1695.22);
    expect(cents(result.netMonthlyIncome)).toBe(104.78);
    expect(cents(result.cashOnCashRoi)).toBe(2.25);
    expect(result.netOperatingIncome).toBeCloseTo(12_352, 6);
    expect(result.capRate).toBeCloseTo(6.176, 6);
    expect(result.dscr).toBeCloseTo(1.1133, 4);
  });

  it('breaks even at the rate where cash flow is zero', () => {
    const rate = result.breakEvenRatePercent!;
    expect(rate).toBeGreaterThan(6.26);
    const atRate = buyHold({ ...buyHoldInput({ purchasePrice: 200_000, monthlyRent: 1_800 }, DEFAULT_ASSUMPTIONS), interestRatePercent: rate });
    expect(atRate.netMonthlyIncome).toBeCloseTo(0, 4);
  });

  it('handles zero rent and a 0 % rate', () => {
    const noRent = buyHold(buyHoldInput({ purchasePrice: 200_000, monthlyRent: 0 }, DEFAULT_ASSUMPTIONS));
    expect(noRent.netMonthlyIncome).toBeLessThan(0);
    expect(noRent.breakEvenRatePercent).toBeNull();
    const zeroRate = buyHold({ ...buyHoldInput({ purchasePrice: 200_000, monthlyRent: 1_800 }, DEFAULT_ASSUMPTIONS), interestRatePercent: 0 });
    expect(zeroRate.monthlyMortgage).toBeCloseTo(150_000 / 360, 8);
  });

  it('reports an all-cash purchase without a DSCR', () => {
    const cash = buyHold({ ...buyHoldInput({ purchasePrice: 200_000, monthlyRent: 1_800 }, DEFAULT_ASSUMPTIONS), downPaymentPercent: 100 });
    expect(cash.dscr).toBeNull();
    expect(cash.monthlyMortgage).toBe(0);
  });

  it('applies a market override on top of the defaults', () => {
    const texas = withOverrides({ operating: { propertyTaxPercent: 1.8 } });
    expect(texas.operating.propertyTaxPercent).toBe(1.8);
    expect(texas.operating.vacancyPercent).toBe(DEFAULT_ASSUMPTIONS.operating.vacancyPercent);
    expect(DEFAULT_ASSUMPTIONS.operating.propertyTaxPercent).toBe(1.1);
  });
});

describe('BRRRR (worked example 2)', () => {
  const input = brrrrInput({ purchasePrice: 120_000, rehabCost: 40_000, arv: 220_000, monthlyRent: 2_000 }, DEFAULT_ASSUMPTIONS);
  const result = brrrr(input);

  it('lends 70 % and refinances at 80 % of ARV', () => {
    expect(result.loanAmount).toBe(154_000);
    expect(result.refiLoanAmount).toBe(176_000);
  });

  it('reproduces the worked example', () => {
    expect(result.totalCashNeeded).toBeCloseTo(22_110, 6);
    expect(result.cashAtRefiClose).toBeCloseTo(16_720, 6);
    expect(result.cashLeftInDeal).toBeCloseTo(5_390, 6);
    expect(cents(result.monthlyMortgage)).toBe(1084.81);
    expect(cents(result.netMonthlyIncome)).toBe(61.86);
    expect(cents(result.cashOnCashRoi)).toBe(13.77);
  });

  it('reports an infinite cash-on-cash return when the refinance returns all the cash', () => {
    const infinite = brrrr(brrrrInput({ purchasePrice: 100_000, rehabCost: 30_000, arv: 250_000, monthlyRent: 2_600 }, DEFAULT_ASSUMPTIONS));
    expect(infinite.loanFunded).toBe(130_000);
    expect(infinite.cashLeftInDeal).toBeLessThan(0);
    expect(infinite.cashOnCashRoi).toBeNull();
    expect(infinite.cashOnCashInfinite).toBe(true);
  });
});

describe("Fix'N'Flip (worked example 3)", () => {
  const result = fixFlip(fixFlipInput({ purchasePrice: 250_000, rehabCost: 50_000, arv: 400_000 }, DEFAULT_ASSUMPTIONS));

  it('reproduces the worked example', () => {
    expect(result.purchaseCosts).toBe(259_000);
    expect(result.holdingCosts).toBeCloseTo(14_200, 6);
    expect(result.sellingCosts).toBe(32_000);
    expect(result.totalProjectCosts).toBeCloseTo(355_200, 6);
    expect(result.projectedProfit).toBeCloseTo(44_800, 6);
    expect(result.cashNeeded).toBeCloseTo(123_200, 6);
    expect(cents(result.returnOnInvestment)).toBe(12.61);
    expect(cents(result.cashOnCashRoi)).toBe(36.36);
    expect(cents(result.annualizedRoi)).toBe(85.95);
    expect(result.maxAllowableOffer).toBe(230_000);
    expect(result.estimatedTimeMonths).toBe(6);
  });
});

describe('Short-term Rental (worked example 4)', () => {
  const result = shortTermRental(
    shortTermInput({ purchasePrice: 300_000, peakNightlyRate: 250, squareFeet: 1_500 }, DEFAULT_ASSUMPTIONS),
  );

  it('reproduces the worked example', () => {
    expect(result.peakSeasonRate).toBe(250);
    expect(result.shoulderSeasonRate).toBe(200);
    expect(result.offSeasonRate).toBe(150);
    expect(cents(result.grossAnnualRevenue)).toBe(46_233.33);
    expect(result.estimatedOccupancyRate).toBeCloseTo(62.0833, 4);
    expect(cents(result.annualExpenses)).toBe(21_645.33);
    expect(result.netOperatingIncome).toBeCloseTo(24_588, 6);
    expect(cents(result.monthlyMortgage)).toBe(1386.83);
    expect(result.setupCosts).toBe(22_500);
    expect(result.totalInvestment).toBe(106_500);
    expect(result.capRate).toBeCloseTo(8.196, 6);
    expect(cents(result.cashOnCashRoi)).toBe(7.46);
  });
});
