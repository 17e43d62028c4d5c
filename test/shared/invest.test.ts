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

describe('loan-term helper', () => {
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
    const atRate = buyHold({
      ...buyHoldInput({ purchasePrice: 200_000, monthlyRent: 1_800 }, DEFAULT_ASSUMPTIONS),
      interestRatePercent: rate,
    });
    expect(atRate.netMonthlyIncome).toBeCloseTo(0, 4);
  });

  it('handles zero rent and a 0 % rate', () => {
    const noRent = buyHold(buyHoldInput({ purchasePrice: 200_000, monthlyRent: 0 }, DEFAULT_ASSUMPTIONS));
    expect(noRent.netMonthlyIncome).toBeLessThan(0);
    expect(noRent.breakEvenRatePercent).toBeNull();
    const zeroRate = buyHold({
      ...buyHoldInput({ purchasePrice: 200_000, monthlyRent: 1_800 }, DEFAULT_ASSUMPTIONS),
      interestRatePercent: 0,
    });
    expect(zeroRate.monthlyMortgage).toBeCloseTo(150_000 / 360, 8);
  });

  it('reports an all-cash purchase without a DSCR', () => {
    const cash = buyHold({
      ...buyHoldInput({ purchasePrice: 200_000, monthlyRent: 1_800 }, DEFAULT_ASSUMPTIONS),
      downPaymentPercent: 100,
    });
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
    const infinite = brrrr(
      brrrrInput({ purchasePrice: 100_000, rehabCost: 30_000, arv: 250_000, monthlyRent: 2_600 }, DEFAULT_ASSUMPTIONS),
    );
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

/** Every assumption zeroed, then the source's own figures set (docs/investment-math.md, "Published examples"). */
function zeroed(overrides: Parameters<typeof withOverrides>[0]) {
  const zero = <T extends object>(o: T) => Object.fromEntries(Object.keys(o).map((k) => [k, 0])) as { [K in keyof T]: number };
  return withOverrides(
    {
      financing: zero(DEFAULT_ASSUMPTIONS.financing),
      operating: zero(DEFAULT_ASSUMPTIONS.operating),
      brrrr: zero(DEFAULT_ASSUMPTIONS.brrrr),
      flip: zero(DEFAULT_ASSUMPTIONS.flip),
      shortTerm: zero(DEFAULT_ASSUMPTIONS.shortTerm),
    },
    overrides,
  );
}

describe('published examples (one per strategy, sources in docs/investment-math.md)', () => {
  it('Buy & Hold — propertyanalysistools.com: $57,500 invested, $4,800 a year → 8.35 % cash-on-cash', () => {
    const a = zeroed({
      financing: { downPaymentPercent: 20, closingCostsPercent: 3, interestRatePercent: 6.5, termMonths: 360 },
    });
    // The source gives the cash flow, not its parts: rent = the unrounded payment + $400, nothing else.
    const rent = monthlyPayment(200_000, 6.5, 360) + 400;
    const r = buyHold(buyHoldInput({ purchasePrice: 250_000, monthlyRent: rent }, a));
    expect(cents(r.monthlyMortgage)).toBe(1_264.14);
    expect(r.totalCashNeeded).toBe(57_500);
    expect(cents(r.netMonthlyIncome)).toBe(400);
    expect(cents(r.annualCashFlow)).toBe(4_800);
    expect(cents(r.cashOnCashRoi)).toBe(8.35);
  });

  it('BRRRR — realvals.com: $190,000 in, a 75 % refinance of a $250,000 ARV returns $187,500', () => {
    const a = zeroed({ brrrr: { refiLoanToArvPercent: 75 }, financing: { interestRatePercent: 6.5, termMonths: 360 } });
    const r = brrrr(brrrrInput({ purchasePrice: 150_000, rehabCost: 40_000, arv: 250_000, monthlyRent: 0 }, a));
    expect(r.totalCashNeeded).toBe(190_000);
    expect(r.refiLoanAmount).toBe(187_500);
    expect(r.cashAtRefiClose).toBe(187_500);
    expect(r.cashLeftInDeal).toBe(2_500);
  });

  it("Fix'N'Flip — valifit.com: $506,700 of costs against a $500,000 sale, a $6,700 loss; 70 % rule $267,500", () => {
    const a = zeroed({
      flip: {
        loanToPurchasePercent: 80,
        hardMoneyRatePercent: 8.5,
        hardMoneyPointsPercent: 2,
        holdMonths: 6,
        purchaseClosingPercent: 3,
        sellingCostsPercent: 8,
        monthlyHoldingUtilities: 6_200 / 6,
      },
    });
    const r = fixFlip(fixFlipInput({ purchasePrice: 350_000, rehabCost: 82_500, arv: 500_000 }, a));
    expect(r.loanPoints).toBe(5_600);
    expect(r.purchaseClosingCosts).toBe(10_500);
    expect(cents(r.holdingCosts)).toBe(11_900 + 5_700 + 500);
    expect(r.sellingCosts).toBe(40_000);
    expect(cents(r.totalProjectCosts)).toBe(506_700);
    expect(cents(r.projectedProfit)).toBe(-6_700);
    expect(r.maxAllowableOffer).toBe(267_500);
    expect(cents(r.returnOnInvestment)).toBe(-1.32);
    expect(cents(r.cashOnCashRoi)).toBe(-3.59);
  });

  it('Short-term Rental — calculatorfriend.com: 65 % at $180 a night all year is $42,705', () => {
    const a = zeroed({
      shortTerm: {
        peakMonths: 3,
        shoulderMonths: 5,
        offMonths: 4,
        peakOccupancyPercent: 65,
        shoulderOccupancyPercent: 65,
        offOccupancyPercent: 65,
        shoulderRateFactor: 1,
        offRateFactor: 1,
      },
    });
    const r = shortTermRental(shortTermInput({ purchasePrice: 300_000, peakNightlyRate: 180, squareFeet: 1_500 }, a));
    expect(cents(r.grossAnnualRevenue)).toBe(42_705);
    expect(cents(r.estimatedOccupancyRate)).toBe(65);
  });
});
