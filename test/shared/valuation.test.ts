import { MILES_PER_DEGREE_LAT } from '../../src/shared/geo/distance';
import { adjustComp, compWeight, estimateFromComps, weightedMedian } from '../../src/shared/valuation/adjusted-comps';
import { runBacktest } from '../../src/shared/valuation/backtest';
import type { ClosedRecord } from '../../src/shared/valuation/backtest-rules';
import { conformalBounds } from '../../src/shared/valuation/conformal';
import {
  addObservation,
  cellsOf,
  emptyCell,
  fitMarketModel,
  monthLabel,
  monthNumber,
  monthOfDay,
  type MarketModel,
  type ModelObservation,
} from '../../src/shared/valuation/market-model';
import { estimateRange, rangeText } from '../../src/shared/valuation/ranges';
import { errorBin, errorHistogram, ratioStudy } from '../../src/shared/valuation/ratio-study';
import { listGapShort, listGapText, valueEstimateText } from '../../src/shared/valuation/value-estimate';
import { dayNumber } from '../../src/shared/stats';

/** A seeded generator (a linear congruential one: enough for test data). */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  const normal = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  return { next, normal };
}

describe('months', () => {
  it('numbers months from a date and from a day number alike', () => {
    for (const date of ['1970-01-01', '2000-02-29', '2024-12-31', '2025-11-20', '2099-03-01']) {
      expect(monthOfDay(dayNumber(date))).toBe(monthNumber(date));
    }
    expect(monthLabel(monthNumber('2025-11-20'))).toBe('2025-11');
  });
});

describe('fitMarketModel', () => {
  const REF = monthNumber('2025-12-15');
  /** 20,000 sales of 40 ZIPs over 24 months: log price = 0.9 log area + 0.02 beds − 0.01 baths + ZIP + 0.4 % a month + noise. */
  function market(sigma: number) {
    const rng = random(7);
    const zips = Array.from({ length: 40 }, (_, i) => ({ zip: String(78700 + i), level: Math.log(0.75 + rng.next() * 0.6) }));
    const observations: ModelObservation[] = [];
    for (let i = 0; i < 20_000; i++) {
      const z = zips[Math.floor(rng.next() * zips.length)];
      const month = REF - Math.floor(rng.next() * 24);
      const beds = 1 + Math.floor(rng.next() * 5);
      const area = 700 * beds * Math.exp((rng.next() - 0.5) * 0.4);
      const baths = 1 + Math.floor(rng.next() * 3);
      const y =
        Math.log(200) +
        0.9 * Math.log(area) +
        0.02 * beds -
        0.01 * baths +
        z.level +
        0.004 * (month - REF) +
        sigma * rng.normal();
      observations.push({ zip: z.zip, month, amount: Math.exp(y), area, beds, baths });
    }
    return { zips, observations };
  }

  it('recovers the elasticity, the rooms, the ZIP levels and the monthly index', () => {
    const { zips, observations } = market(0.12);
    const model = fitMarketModel(cellsOf(observations), REF) as MarketModel;
    expect(model.observations).toBe(20_000);
    expect(model.areaElasticity).toBeCloseTo(0.9, 1);
    expect(model.bedsEffect).toBeCloseTo(0.02, 2);
    expect(model.bathsEffect).toBeCloseTo(-0.01, 2);
    expect(model.residualSigma).toBeCloseTo(0.12, 2);
    // 23 months before the reference: 23 × 0.4 % lower.
    expect(model.monthLevels[0]).toBeCloseTo(-0.092, 1);
    expect(model.monthLevels[23]).toBe(0);
    const mean = zips.reduce((s, z) => s + z.level, 0) / zips.length;
    for (const z of zips) expect(model.zipLevels[z.zip]).toBeCloseTo(z.level - mean, 1);
  });

  it('gives the same model from cells summed one observation at a time or all at once, and none from too few', () => {
    const { observations } = market(0.1);
    const some = observations.slice(0, 500);
    const byHand = new Map<string, ReturnType<typeof emptyCell>>();
    for (const o of some) {
      const key = `${o.zip}|${o.month}`;
      if (!byHand.has(key)) byHand.set(key, emptyCell(o.zip, o.month));
      addObservation(byHand.get(key)!, o);
    }
    const a = fitMarketModel(cellsOf(some), REF) as MarketModel;
    const b = fitMarketModel([...byHand.values()], REF) as MarketModel;
    expect(b.areaElasticity).toBeCloseTo(a.areaElasticity, 10);
    expect(fitMarketModel(cellsOf(observations.slice(0, 49)), REF)).toBeNull();
    // Cells outside the 24-month window are left out.
    expect(fitMarketModel(cellsOf(some), REF + 30)).toBeNull();
  });
});

describe('adjusted comps', () => {
  const model: MarketModel = {
    refMonth: monthNumber('2025-11-01'),
    firstMonth: monthNumber('2025-11-01') - 23,
    observations: 1000,
    areaElasticity: 0.8,
    bedsEffect: 0.03,
    bathsEffect: 0.02,
    zipLevels: { '78701': 0.1, '78702': -0.05 },
    monthLevels: [...Array.from({ length: 22 }, () => -0.05), -0.02, 0],
    residualSigma: 0.1,
  };

  it("adjusts a comp to the subject by the market's factors (a hand-checked row)", () => {
    const row = adjustComp(
      { area: 1650, beds: 3, baths: 2, zip: '78701' },
      {
        id: 'c',
        amount: 300_000,
        area: 1500,
        beds: 2,
        baths: 2,
        zip: '78702',
        closeDay: dayNumber('2025-10-12'),
        distanceMiles: 0.35,
      },
      model,
    );
    // Time: October is γ = −0.02, so e^0.02 = 1.0202. Area: (1,650 / 1,500)^0.8 = 1.0792.
    // Rooms: one bedroom more, e^0.03 = 1.0305. Location: e^(0.1 − (−0.05)) = 1.1618.
    expect(row.time).toBeCloseTo(1.0202, 4);
    expect(row.area).toBeCloseTo(1.0792, 4);
    expect(row.rooms).toBeCloseTo(1.0305, 4);
    expect(row.location).toBeCloseTo(1.1618, 4);
    expect(row.adjusted).toBeCloseTo(300_000 * 1.0202013 * 1.0792303 * 1.0304545 * 1.1618342, -1);
    expect(row.weight).toBeCloseTo(1 / 0.6, 10);
  });

  it('without a model adjusts the area alone, in proportion; a fact missing on either side is not adjusted', () => {
    const row = adjustComp(
      { area: 1650, beds: 3, baths: null, zip: null },
      { id: 'c', amount: 300_000, area: 1500, beds: 2, baths: 2, zip: '78702', closeDay: 0, distanceMiles: 1 },
      null,
    );
    expect([row.time, row.rooms, row.location]).toEqual([1, 1, 1]);
    expect(row.adjusted).toBeCloseTo(330_000, 6);
    expect(
      adjustComp(
        { area: null, beds: 3, baths: 2, zip: null },
        { ...row, amount: 300_000, area: 1500, beds: 3, baths: 2, zip: null, closeDay: 0 },
        null,
      ).adjusted,
    ).toBe(300_000);
  });

  it('takes the weighted median: the value where the weights reach half; equal weights give the median', () => {
    expect(weightedMedian([3, 1, 2], [1, 1, 1])).toBe(2);
    expect(weightedMedian([4, 1, 3, 2], [1, 1, 1, 1])).toBe(2.5);
    expect(weightedMedian([100, 200, 300], [0.45, 0.25, 0.3])).toBe(200);
    expect(weightedMedian([100, 200, 300], [0.5, 0.2, 0.3])).toBe(150);
    expect(weightedMedian([100, 200, 300], [0.6, 0.2, 0.2])).toBe(100);
    expect(compWeight(0)).toBe(4);
    const estimate = estimateFromComps(
      { area: 1000, beds: null, baths: null, zip: null },
      [
        { id: 'a', amount: 200_000, area: 1000, beds: null, baths: null, zip: null, closeDay: 0, distanceMiles: 0.1 },
        { id: 'b', amount: 260_000, area: 1300, beds: null, baths: null, zip: null, closeDay: 0, distanceMiles: 0.2 },
        { id: 'c', amount: 150_000, area: 500, beds: null, baths: null, zip: null, closeDay: 0, distanceMiles: 1.75 },
      ],
      null,
    );
    // Adjusted 200,000, 200,000, 300,000 with weights 1/0.35, 1/0.45, 1/2.0 (shares 0.50, 0.39, 0.11).
    expect(estimate?.amount).toBe(200_000);
    expect(estimate?.comps.reduce((s, c) => s + c.weight, 0)).toBeCloseTo(1, 12);
  });
});

describe('ratio study (IAAO Standard on Ratio Studies, 2013)', () => {
  it('computes the median ratio, COD, PRD and the error shares of a hand-checked fixture', () => {
    // Ratios 0.90, 1.05, 1.10, 0.90, 1.00: median 1.00; mean absolute deviation (0.10 + 0.05 + 0.10 +
    // 0.10 + 0) / 5 = 0.07, COD 7.0; mean ratio 0.99 over Σestimates / Σactuals = 1,490 / 1,500 =
    // 0.99333: PRD 0.9966. Errors −10, 5, 10, −10, 0 %: median |error| 10, within 5 %: 2 of 5, the bias 0.
    const study = ratioStudy([
      { estimate: 90, actual: 100, low: 80, high: 95 },
      { estimate: 210, actual: 200, low: 190, high: 230 },
      { estimate: 330, actual: 300, low: 300, high: 360 },
      { estimate: 360, actual: 400, low: 330, high: 390 },
      { estimate: 500, actual: 500, low: 450, high: 550 },
    ]);
    expect(study).toEqual({
      count: 5,
      medianRatio: 1,
      cod: 7,
      prd: 0.9966,
      medianAbsErrorPercent: 10,
      within5: 40,
      within10: 100,
      within20: 100,
      biasPercent: 0,
      coveragePercent: 60,
    });
    expect(ratioStudy([])).toBeNull();
    expect(ratioStudy([{ estimate: 1, actual: 1 }])?.coveragePercent).toBeNull();
  });

  it('bins the signed errors: below −30 %, 5-point bins, above 30 %', () => {
    expect(errorBin(-45)).toBe(0);
    expect(errorBin(-30)).toBe(1);
    expect(errorBin(-0.1)).toBe(6);
    expect(errorBin(0)).toBe(7);
    expect(errorBin(29.9)).toBe(12);
    expect(errorBin(30)).toBe(13);
    expect(
      errorHistogram([
        { estimate: 90, actual: 100 },
        { estimate: 100, actual: 100 },
        { estimate: 200, actual: 100 },
      ]),
    ).toEqual([0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1]);
  });
});

describe('conformal ranges', () => {
  it('takes the bounds at the ranks a finite sample needs', () => {
    const errors = Array.from({ length: 99 }, (_, i) => (i + 1) / 100);
    // n = 99: the ⌊100 × 0.1⌋ = 10th smallest and the ⌈100 × 0.9⌉ = 90th.
    expect(conformalBounds(errors)).toEqual({ lower: 0.1, upper: 0.9, count: 99 });
    expect(conformalBounds(errors.slice(0, 8))).toBeNull();
  });

  it("shows a market's bounds, or the wider of the comps' spread and every market's, rounded outwards", () => {
    const market = {
      lower: Math.log(0.9),
      upper: Math.log(1.12),
      count: 412,
      basis: 'market' as const,
      city: 'Austin',
      state: 'TX',
    };
    expect(estimateRange(372_000, { low: 300_000, high: 450_000 }, market, 1000)).toEqual({
      low: 334_000,
      high: 417_000,
      coverage: 80,
      basis: 'market',
      calibrationCount: 412,
      city: 'Austin',
      state: 'TX',
    });
    const pooled = { ...market, basis: 'pooled' as const };
    expect(estimateRange(372_000, { low: 300_000, high: 400_000 }, pooled, 1000)).toMatchObject({ low: 300_000, high: 417_000 });
    expect(estimateRange(null, { low: null, high: null }, market, 1000)).toBeNull();
    expect(estimateRange(372_000, { low: null, high: null }, null, 1000)).toBeNull();
    expect(rangeText({ low: 351_000, high: 394_000, coverage: 80 })).toBe('80 % range $351,000–$394,000');
  });
});

describe('value estimate in words', () => {
  const estimate = { value: 372_000, compCount: 8, farthestMiles: 0.6, oldestMonths: 7, listGapPercent: -6.2 };
  const range = {
    low: 351_000,
    high: 394_000,
    coverage: 80,
    basis: 'market' as const,
    calibrationCount: 1200,
    city: 'Austin',
    state: 'TX',
  };

  it("reads the issue's sentence", () => {
    expect(valueEstimateText({ ...estimate, range })).toBe(
      'Estimated value $372,000 · 80 % range $351,000–$394,000 · from 8 sales within 0.6 mi, last 7 months · list price 6 % below',
    );
    expect(valueEstimateText({ ...estimate, range: null })).toBe(
      'Estimated value $372,000 · from 8 sales within 0.6 mi, last 7 months · list price 6 % below',
    );
  });

  it('says why there is none, never a figure', () => {
    expect(valueEstimateText({ value: null, compCount: 2, farthestMiles: null, oldestMonths: null, listGapPercent: null })).toBe(
      'No value estimate: only 2 comparable sales within 2 mi in the last 12 months (3 needed)',
    );
    expect(valueEstimateText({ value: null, compCount: 0, farthestMiles: null, oldestMonths: null, listGapPercent: null })).toBe(
      'No value estimate: no comparable sales within 2 mi in the last 12 months',
    );
  });

  it('puts the list price against the estimate in words', () => {
    expect(listGapText(4.4)).toBe('list price 4 % above');
    expect(listGapText(0.3)).toBe('list price at the estimate');
    expect(listGapShort(-6.2)).toBe('6 % below est.');
    expect(listGapShort(null)).toBeNull();
  });
});

/** One city of sales on a 1.5-mile square, 36 months up to 2025-11-20, priced area × $200/sq ft × e^(σz). */
function syntheticMarket(sigma: number, seed: number): ClosedRecord[] {
  const rng = random(seed);
  const end = dayNumber('2025-11-20');
  const sales: ClosedRecord[] = [];
  for (let i = 0; i < 6000; i++) {
    const beds = 2 + Math.floor(rng.next() * 3);
    const area = Math.round(600 * beds * Math.exp((rng.next() - 0.5) * 0.3));
    const day = end - Math.floor(rng.next() * 36 * 30.4);
    sales.push({
      id: `s${i}`,
      latitude: 30 + (rng.next() * 1.5) / MILES_PER_DEGREE_LAT,
      longitude: -97 + (rng.next() * 1.5) / MILES_PER_DEGREE_LAT,
      beds,
      baths: 1 + Math.floor(rng.next() * 2),
      area,
      zip: '78701',
      city: 'Testville',
      state: 'TX',
      amount: Math.round(area * 200 * Math.exp(sigma * rng.normal())),
      closeDate: new Date(day * 86_400_000).toISOString().slice(0, 10),
    });
    if (i === 0) sales[0].closeDate = '2025-11-20';
  }
  return sales;
}

describe('the backtest on synthetic markets', () => {
  it('without noise: errors near 0 and every actual inside its range', async () => {
    const result = await runBacktest({ sales: syntheticMarket(0, 1), leases: [] });
    const city = result.figures.find((f) => f.kind === 'value' && f.level === 'city')!;
    expect(city.study!.count).toBeGreaterThan(1000);
    expect(city.study!.medianAbsErrorPercent).toBeLessThan(0.5);
    expect(Math.abs(city.study!.medianRatio - 1)).toBeLessThan(0.005);
    expect(city.study!.coveragePercent).toBe(100);
    expect(city.basis).toBe('market');
  });

  it('with lognormal noise σ = 0.10: a median absolute error near 6.7 %, and ranges that hold about 80 %', async () => {
    const result = await runBacktest({ sales: syntheticMarket(0.1, 2), leases: [] });
    const city = result.figures.find((f) => f.kind === 'value' && f.level === 'city')!;
    // A perfect estimator's error is the noise's: median |e^(σz) − 1| ≈ 0.6745 σ = 6.7 %.
    expect(Math.abs(city.study!.medianAbsErrorPercent - 6.7)).toBeLessThanOrEqual(1);
    expect(city.study!.coveragePercent).toBeGreaterThanOrEqual(75);
    expect(city.study!.coveragePercent).toBeLessThanOrEqual(85);
    expect(result.counts.value.tested).toBeGreaterThan(result.counts.value.estimated - 1);
  });
});

describe('the worked example of docs/accuracy.md', () => {
  it('adjusts three comps to a 1,650 sq ft, 3-bed, 2-bath house in 78701 and takes their weighted median', () => {
    const ref = monthNumber('2025-11-01');
    const monthLevels = Array.from({ length: 24 }, () => -0.05);
    [monthLevels[20], monthLevels[21], monthLevels[22], monthLevels[23]] = [-0.03, -0.03, -0.02, 0];
    const model: MarketModel = {
      refMonth: ref,
      firstMonth: ref - 23,
      observations: 2961,
      areaElasticity: 0.8,
      bedsEffect: 0.03,
      bathsEffect: 0.02,
      zipLevels: { '78701': 0.1, '78702': -0.05 },
      monthLevels,
      residualSigma: 0.12,
    };
    const comps = [
      {
        id: 'A',
        amount: 300_000,
        area: 1500,
        beds: 2,
        baths: 2,
        zip: '78702',
        closeDay: dayNumber('2025-10-12'),
        distanceMiles: 0.35,
      },
      {
        id: 'B',
        amount: 395_000,
        area: 1700,
        beds: 3,
        baths: 2,
        zip: '78701',
        closeDay: dayNumber('2025-08-03'),
        distanceMiles: 0.2,
      },
      {
        id: 'C',
        amount: 410_000,
        area: 1800,
        beds: 3,
        baths: 3,
        zip: '78701',
        closeDay: dayNumber('2025-11-05'),
        distanceMiles: 0.6,
      },
    ];
    const estimate = estimateFromComps({ area: 1650, beds: 3, baths: 2, zip: '78701' }, comps, model)!;
    const rows = estimate.comps.map((c) => [c.id, Math.round(c.adjusted), Math.round(c.weight * 1000) / 1000]);
    expect(rows).toEqual([
      ['A', 395_452, 0.329],
      ['B', 397_424, 0.439],
      ['C', 374_858, 0.232],
    ]);
    // Sorted C, A, B: the weights reach half at A.
    expect(Math.round(estimate.amount)).toBe(395_452);
  });
});
