import type { AccuracyFigures } from '../../src/shared/schemas/accuracy';
import type { ValueComp } from '../../src/shared/schemas/property-estimates';
import {
  accuracySentence,
  asOfText,
  biasText,
  coverageText,
  errorBinLabels,
  FIGURE_SPACE,
  histogramDescription,
  iaaoMetText,
  iaaoRows,
  keepFiguresWhole,
  marketName,
  marketNotMeasuredText,
  medianErrorText,
  modelText,
  monthName,
  percentText,
  pooledRangeText,
  rangeBoundsText,
  signedPercentText,
  testedText,
  weightedMedianSteps,
  weightedMedianText,
  withinText,
} from '../../src/shared/valuation/accuracy-text';
import { ERROR_BINS } from '../../src/shared/valuation/ratio-study';

/** The words with plain spaces: a figure and its unit are joined by a no-break space (FIGURE_SPACE). */
const plain = (text: string) => text.split(FIGURE_SPACE).join(' ');

const FIGURES: AccuracyFigures = {
  tested: 4_512,
  count: 4_210,
  medianRatio: 1.0116,
  cod: 11.05,
  prd: 1.0167,
  medianAbsErrorPercent: 8.74,
  within5: 30.5,
  within10: 63.8,
  within20: 83.4,
  biasPercent: 1.16,
  coveragePercent: 78,
  range: { lowerPercent: -17, upperPercent: 21.4, count: 295, basis: 'market' },
};

describe('the accuracy in words', () => {
  it('says the lead sentence of each kind, with the share within 10 % rounded and the count grouped', () => {
    expect(plain(accuracySentence('rent', 'AUSTIN', FIGURES))).toBe(
      'In Austin, 64 % of our rent estimates were within 10 % of the rent actually signed, over 4,210 leases of the last 12 months',
    );
    expect(plain(accuracySentence('value', 'San Antonio', { ...FIGURES, count: 1 }))).toBe(
      'In San Antonio, 64 % of our value estimates were within 10 % of the price actually paid, over 1 sale of the last 12 months',
    );
    expect(accuracySentence('value', 'Austin', null)).toBe(
      'In Austin, none of our value estimates could be tested: no sale of the last 12 months had enough comparable sales before it closed',
    );
    expect(accuracySentence('rent', 'Austin', { ...FIGURES, count: 0, within10: null })).toMatch(
      /^In Austin, none of our rent estimates could be tested/,
    );
  });

  it('keeps each figure whole: a no-break space between the number and its unit', () => {
    expect(percentText(52.94, 1)).toBe(`52.9${FIGURE_SPACE}%`);
    expect(percentText(null)).toBe('—');
    expect(keepFiguresWhole('80 % range $1 · within 0.6 mi · 6 % below est.')).toBe(
      `80${FIGURE_SPACE}% range $1 · within 0.6${FIGURE_SPACE}mi · 6${FIGURE_SPACE}% below est.`,
    );
    expect(keepFiguresWhole('from 8 sales within 2 mi')).toBe(`from 8 sales within 2${FIGURE_SPACE}mi`);
  });

  it('says the signed figures with a true minus sign', () => {
    expect(plain(signedPercentText(1.16))).toBe('+1.2 %');
    expect(plain(signedPercentText(-0.08, 2))).toBe('−0.08 %');
    expect(plain(signedPercentText(-0.04))).toBe('0.0 %');
  });

  it('says the median error, the bias, the shares within 5/10/20 % and the coverage', () => {
    expect(plain(medianErrorText(FIGURES))).toBe('8.7 %: half of the estimates missed by less, half by more');
    expect(plain(biasText('value', FIGURES))).toBe(
      '+1.2 %: the estimates ran high, the middle one 1.2 % above the price actually paid',
    );
    expect(plain(biasText('rent', { biasPercent: -2.13 }))).toBe(
      '−2.1 %: the estimates ran low, the middle one 2.1 % below the rent actually signed',
    );
    expect(plain(biasText('rent', { biasPercent: 0.02 }))).toBe('0.0 %: neither high nor low');
    expect(plain(withinText(FIGURES))).toBe('31 % within 5 %, 64 % within 10 %, 83 % within 20 %');
    expect(plain(coverageText('value', FIGURES))).toBe(
      '78.0 % of the prices actually paid fell inside it (80 % promised), measured on sales its calibration did not see',
    );
    expect(coverageText('rent', { coveragePercent: null })).toBe('Not measured yet');
    expect(testedText('value', FIGURES)).toBe(
      '4,210 of the 4,512 sales that closed had enough comparable sales before them for an estimate.',
    );
  });

  it("says the range's bounds, and what a pooled range is", () => {
    expect(plain(rangeBoundsText('value', FIGURES.range))).toBe(
      "From 17.0 % below to 21.4 % above the estimate, set by this market's 295 backtested sales",
    );
    expect(plain(rangeBoundsText('rent', { lowerPercent: -18.2, upperPercent: 21.5, count: 1, basis: 'pooled' }))).toBe(
      "From 18.2 % below to 21.5 % above the estimate, set by all markets' 1 backtested lease",
    );
    expect(rangeBoundsText('value', null)).toBe('None: too few backtested outcomes');
    expect(pooledRangeText('value')).toBe(
      "Too few sales in this market to calibrate its own range: the wider of the comps' spread and all markets' range is shown.",
    );
    expect(pooledRangeText('rent')).toMatch(/^Too few leases in this market/);
  });

  it('sets the IAAO measures against what the standard asks', () => {
    expect(iaaoRows(FIGURES).map((r) => [r.measure, r.value, r.standard, iaaoMetText(r.met)])).toEqual([
      ['Median ratio (estimate ÷ price paid)', '1.012', '0.90 to 1.10', 'Meets it'],
      ['Coefficient of dispersion (COD)', '11.1', '15 or less for single-family homes', 'Meets it'],
      ['Price-related differential (PRD)', '1.017', '0.98 to 1.03', 'Meets it'],
    ]);
    const poor = iaaoRows({ medianRatio: 0.85, cod: 15.01, prd: 1.031 });
    expect(poor.map((r) => r.met)).toEqual([false, false, false]);
    expect(iaaoRows({ medianRatio: 1.1, cod: 15, prd: 0.98 }).map((r) => r.met)).toEqual([true, true, true]);
    expect(iaaoRows({ medianRatio: null, cod: null, prd: null }).map((r) => [r.value, iaaoMetText(r.met)])).toEqual([
      ['—', '—'],
      ['—', '—'],
      ['—', '—'],
    ]);
  });

  it("names the histogram's bins after ERROR_BINS and describes the chart", () => {
    const labels = errorBinLabels().map(plain);
    expect(labels).toHaveLength(ERROR_BINS.length + 1);
    expect(labels[0]).toBe('Below −30 %');
    expect(labels[1]).toBe('−30 to −25 %');
    expect(labels[6]).toBe('−5 to 0 %');
    expect(labels[7]).toBe('0 to 5 %');
    expect(labels.at(-1)).toBe('30 % or more');
    const histogram = [2, 3, 14, 24, 23, 31, 38, 52, 35, 28, 15, 12, 7, 11];
    expect(plain(histogramDescription('value', 'AUSTIN', histogram))).toBe(
      'How far each of the 295 value estimates in Austin was from the price actually paid, in 5-point bins from below −30 % to 30 % or more (below 0 the estimate was under it); the most, 52, were 0 to 5 % off. The table under the chart lists every bin.',
    );
    expect(histogramDescription('rent', 'Austin', new Array<number>(14).fill(0))).toMatch(
      /^How far each of the 0 rent estimates/,
    );
  });

  it('names markets, runs and a market not measured', () => {
    expect(marketName({ city: 'SAN ANTONIO', state: 'tx' })).toBe('San Antonio, TX');
    expect(asOfText({ salesAsOf: '2025-11-20', leasesAsOf: '2025-11-18' })).toBe(
      'sales up to Nov 20, 2025 and leases up to Nov 18, 2025',
    );
    expect(asOfText({ salesAsOf: null, leasesAsOf: '2025-11-18' })).toBe('leases up to Nov 18, 2025');
    expect(marketNotMeasuredText({ city: 'Austin', state: 'TX' })).toMatch(
      /^The accuracy of our estimates in Austin, TX has not been measured yet/,
    );
  });
});

/** A comp of the adjustment grid. */
const comp = (_id: string, adjustedPrice: number, weight: number): ValueComp => ({
  _id,
  soldPrice: adjustedPrice,
  closeDate: '2025-10-01',
  distanceMiles: 0.5,
  time: 1,
  area: 1,
  rooms: 1,
  location: 1,
  adjustedPrice,
  weight,
});

describe("the value estimate's working", () => {
  // docs/accuracy.md's worked example: C $374,858 (0.232), A $395,452 (0.329), B $397,424 (0.439).
  const EXAMPLE = [comp('A', 395_452, 0.329), comp('B', 397_424, 0.439), comp('C', 374_858, 0.232)];

  it('sorts the comps by adjusted price and finds where the running weight passes half', () => {
    const { steps, median, medianIds } = weightedMedianSteps(EXAMPLE);
    expect(steps.map((s) => [s.comp._id, Number(s.running.toFixed(3))])).toEqual([
      ['C', 0.232],
      ['A', 0.561],
      ['B', 1],
    ]);
    expect(median).toBe(395_452);
    expect(medianIds).toEqual(['A']);
    expect(weightedMedianText(EXAMPLE, 395_000)).toBe(
      "The estimate is the comps' distance-weighted median: each comp weighs 1 ÷ (0.25 + its distance in miles), shown as its share of the total; sorted by adjusted price, their running weight passes half at $395,452, rounded to $395,000.",
    );
  });

  it('takes the mean of two comps when the weights reach exactly half between them', () => {
    const even = [comp('A', 300_000, 0.25), comp('B', 310_000, 0.25), comp('C', 320_000, 0.25), comp('D', 330_000, 0.25)];
    const { median, medianIds } = weightedMedianSteps(even);
    expect(median).toBe(315_000);
    expect(medianIds).toEqual(['B', 'C']);
    expect(weightedMedianText(even, 315_000)).toContain(
      'their weights reach exactly half between two comps, so the median is their mean, $315,000, rounded to $315,000.',
    );
    expect(weightedMedianSteps([]).median).toBeNull();
  });

  it("says the market model's figures, or that there is none", () => {
    expect(monthName('2025-11')).toBe('November 2025');
    expect(
      plain(
        modelText(
          { month: '2025-11', observations: 563, areaElasticity: 0.953, bedsEffect: 0.0104, bathsEffect: -0.0038 },
          'Austin, TX',
        ),
      ),
    ).toBe(
      "Austin, TX's market model, fitted on 563 sales of the 24 months to November 2025: the price grows with the living area to the power 0.953, +1.04 % a bedroom and −0.38 % a bathroom; the time factor brings each sale to November 2025 by the market's monthly price index, and the location factor sets its ZIP's level against this home's.",
    );
    expect(modelText(null, 'Boise, ID')).toMatch(/^Boise, ID has no market model yet \(fewer than 50 sales in its window\)/);
  });
});
