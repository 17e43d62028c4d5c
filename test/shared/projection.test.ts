import {
  DEFAULT_GROWTH,
  brrrr,
  brrrrInput,
  buyHold,
  buyHoldInput,
  irr,
  monthlyOperatingExpenses,
  npv,
  projectBrrrr,
  projectBuyHold,
  projectRental,
  remainingBalance,
  withOverrides,
  yearOfSale,
  type GrowthAssumptions,
  type WhatIf,
} from '../../src/shared/invest';

const NO_GROWTH: GrowthAssumptions = {
  appreciationPercent: 0,
  rentGrowthPercent: 0,
  expenseGrowthPercent: 0,
  sellingCostsPercent: 0,
};

/** docs/investment-math.md, worked example 1: $200,000 renting for $1,800 on the defaults. */
const example1 = (): WhatIf => ({
  figures: { purchasePrice: 200_000, monthlyRent: 1_800, rehabCost: 0, arv: 200_000, peakNightlyRate: 0, squareFeet: 0 },
  assumptions: withOverrides(),
});

/** Worked example 2: buy at $120,000, rehab $40,000, ARV $220,000, rent $2,000. */
const example2 = (): WhatIf => ({
  figures: { purchasePrice: 120_000, monthlyRent: 2_000, rehabCost: 40_000, arv: 220_000, peakNightlyRate: 0, squareFeet: 0 },
  assumptions: withOverrides(),
});

const cents = (n: number) => Math.round(n * 100) / 100;

describe('Buy & Hold projection (worked example 1)', () => {
  const whatIf = example1();
  const engine = buyHold(buyHoldInput(whatIf.figures, whatIf.assumptions));
  const flat = projectBuyHold(whatIf, NO_GROWTH);

  it('starts from the engine: the cash needed goes in at year 0, year 1 earns 12 × netMonthlyIncome', () => {
    expect(flat.cashInvested).toBe(56_000);
    expect(flat.years).toHaveLength(30);
    expect(cents(flat.years[0].cashFlow)).toBe(cents(engine.netMonthlyIncome * 12));
    expect(cents(flat.years[0].cashFlow)).toBe(1_257.38);
    expect(flat.years[0].grossRent).toBe(21_600);
    expect(flat.years[0].debtService).toBeCloseTo(engine.monthlyMortgage * 12, 6);
    expect(flat.years[0].operatingExpenses).toBeCloseTo(engine.monthlyOperatingExpenses * 12, 6);
  });

  it("without growth every year's cash flow is the same and adds up", () => {
    for (const row of flat.years) expect(row.cashFlow).toBeCloseTo(flat.years[0].cashFlow, 6);
    expect(flat.years[9].cumulativeCashFlow).toBeCloseTo(flat.years[0].cashFlow * 10, 6);
  });

  it("the loan balance is the engine's remaining balance, and equity is value − balance", () => {
    for (const year of [1, 5, 10, 30]) {
      const row = flat.years[year - 1];
      expect(row.loanBalance).toBe(remainingBalance(150_000, 6.26, 360, 12 * year));
      expect(row.propertyValue).toBe(200_000);
      expect(row.equity).toBe(row.propertyValue - row.loanBalance);
    }
    expect(flat.years[29].loanBalance).toBe(0);
    expect(flat.years[29].equity).toBe(200_000);
  });

  it('a sale pays off the loan after selling costs; profit and return count the cash invested', () => {
    const growth = { ...NO_GROWTH, sellingCostsPercent: 8 };
    const row = yearOfSale(projectBuyHold(whatIf, growth), 5)!;
    expect(row.year).toBe(5);
    expect(row.saleProceeds).toBeCloseTo(200_000 * 0.92 - remainingBalance(150_000, 6.26, 360, 60), 6);
    expect(row.totalProfit).toBeCloseTo(row.cumulativeCashFlow + row.saleProceeds - 56_000, 6);
    expect(row.cumulativeReturnPercent).toBeCloseTo((row.totalProfit / 56_000) * 100, 9);
  });

  it('the IRR of a sale in year N is the rate that discounts its flows to zero', () => {
    const projection = projectBuyHold(whatIf, DEFAULT_GROWTH);
    const row = yearOfSale(projection, 10)!;
    const flows = [-56_000, ...projection.years.slice(0, 10).map((r) => r.cashFlow)];
    flows[10] += row.saleProceeds;
    expect(row.irrPercent).not.toBeNull();
    expect(row.irrPercent! / 100).toBeCloseTo(irr(flows)!, 12);
    expect(npv(row.irrPercent! / 100, flows)).toBeCloseTo(0, 4);
  });

  it('grows rent, rent-linked expenses, fixed expenses and value at their own rates', () => {
    const growth: GrowthAssumptions = {
      appreciationPercent: 4,
      rentGrowthPercent: 3,
      expenseGrowthPercent: 2,
      sellingCostsPercent: 8,
    };
    const row = projectBuyHold(whatIf, growth).years[2];
    const e = monthlyOperatingExpenses(1_800, 200_000, whatIf.assumptions.operating);
    const rentLinked = e.vacancy + e.management + e.maintenance + e.capex;
    expect(row.grossRent).toBeCloseTo(1_800 * 12 * 1.03 ** 2, 6);
    expect(row.operatingExpenses).toBeCloseTo(rentLinked * 12 * 1.03 ** 2 + (e.total - rentLinked) * 12 * 1.02 ** 2, 6);
    expect(row.propertyValue).toBeCloseTo(200_000 * 1.04 ** 3, 6);
    // Debt service is fixed-rate: it does not grow.
    expect(row.debtService).toBeCloseTo(engine.monthlyMortgage * 12, 6);
  });

  it('reproduces worked example 5 (docs/investment-math.md) on the default growth', () => {
    const p = projectBuyHold(whatIf);
    expect(cents(p.years[0].loanBalance)).toBe(148_245.61);
    expect(cents(p.years[0].equity)).toBe(57_754.39);
    const sold = yearOfSale(p, 10)!;
    expect(cents(sold.propertyValue)).toBe(268_783.28);
    expect(cents(sold.loanBalance)).toBe(126_389.26);
    expect(cents(sold.saleProceeds)).toBe(120_891.35);
    expect(cents(sold.cumulativeCashFlow)).toBe(30_655.65);
    expect(cents(sold.totalProfit)).toBe(95_546.99);
    expect(cents(sold.cumulativeReturnPercent!)).toBe(170.62);
    expect(cents(sold.irrPercent!)).toBe(11.56);
  });

  it('stops the payments when a shorter loan is paid off', () => {
    const w = example1();
    w.assumptions.financing.termMonths = 180;
    const p = projectBuyHold(w, NO_GROWTH);
    expect(p.years[14].debtService).toBeGreaterThan(0);
    expect(p.years[14].loanBalance).toBe(0);
    expect(p.years[15].debtService).toBe(0);
    expect(p.years[15].cashFlow).toBeCloseTo(p.years[0].cashFlow + p.years[0].debtService, 6);
  });
});

describe('known IRRs', () => {
  const base = {
    startValue: 100_000,
    rentLinkedExpenses: 0,
    fixedExpenses: 0,
    loanAmount: 0,
    interestRatePercent: 0,
    termMonths: 0,
  };

  it('$100,000 in cash earning $10,000 a year and sold at cost returns 10 % a year, whenever sold', () => {
    const p = projectRental({ ...base, cashInvested: 100_000, monthlyRent: 10_000 / 12 }, NO_GROWTH, 15);
    for (const row of p.years) expect(row.irrPercent).toBeCloseTo(10, 9);
    expect(p.years[4].cumulativeReturnPercent).toBeCloseTo(50, 9);
  });

  it('no income and 5 % appreciation returns 5 % a year; selling costs lower it', () => {
    const growth = { ...NO_GROWTH, appreciationPercent: 5 };
    const p = projectRental({ ...base, cashInvested: 100_000, monthlyRent: 0 }, growth, 10);
    expect(p.years[9].irrPercent).toBeCloseTo(5, 9);
    const sold = projectRental({ ...base, cashInvested: 100_000, monthlyRent: 0 }, { ...growth, sellingCostsPercent: 8 }, 10);
    // (1.05^10 × 0.92)^(1/10) − 1
    expect(sold.years[9].irrPercent).toBeCloseTo(((1.05 ** 10 * 0.92) ** 0.1 - 1) * 100, 9);
  });

  it('has no IRR when the flows never turn positive', () => {
    const p = projectRental({ ...base, cashInvested: 100_000, monthlyRent: 0 }, { ...NO_GROWTH, sellingCostsPercent: 100 }, 3);
    expect(p.years[2].irrPercent).toBeNull();
  });
});

describe('BRRRR projection (worked example 2)', () => {
  it('starts at the refinance with the cash left in the deal, the ARV and the refinance loan', () => {
    const whatIf = example2();
    const engine = brrrr(brrrrInput(whatIf.figures, whatIf.assumptions));
    const p = projectBrrrr(whatIf, NO_GROWTH);
    expect(cents(p.cashInvested)).toBe(5_390);
    expect(cents(p.years[0].cashFlow)).toBe(cents(engine.netMonthlyIncome * 12));
    expect(cents(p.years[0].cashFlow / 12)).toBe(61.86);
    expect(p.years[0].loanBalance).toBe(remainingBalance(176_000, 6.26, 360, 12));
    expect(p.years[0].propertyValue).toBe(220_000);
    expect(p.years[0].equity).toBe(220_000 - p.years[0].loanBalance);
  });

  it('reports no return percentages when the refinance took all the cash out', () => {
    const w = example2();
    w.figures.arv = 300_000;
    const engine = brrrr(brrrrInput(w.figures, w.assumptions));
    expect(engine.cashLeftInDeal).toBeLessThanOrEqual(0);
    const row = projectBrrrr(w, DEFAULT_GROWTH).years[4];
    expect(row.cumulativeReturnPercent).toBeNull();
    expect(row.irrPercent).toBeNull();
    expect(row.totalProfit).toBeCloseTo(row.cumulativeCashFlow + row.saleProceeds - engine.cashLeftInDeal, 6);
  });
});

describe('yearOfSale', () => {
  it('clamps the hold period to the projection', () => {
    const p = projectBuyHold(example1(), DEFAULT_GROWTH, 30);
    expect(yearOfSale(p, 0)!.year).toBe(1);
    expect(yearOfSale(p, 45)!.year).toBe(30);
    expect(yearOfSale(p, 7.4)!.year).toBe(7);
  });
});
