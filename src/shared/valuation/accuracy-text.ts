import { formatCurrency, formatDate, formatInteger, MISSING, monthName, titleCase } from '../format';

/** "2025-11" → "November 2025" (its home is src/shared/format). */
export { monthName };
import type { AccuracyFigures, AccuracyRunInfo, EstimateKind, RangeBoundsFigures } from '../schemas/accuracy';
import type { ModelSummary, ValueComp } from '../schemas/property-estimates';
import { ERROR_BINS } from './ratio-study';

/**
 * What the "How accurate?" dialog, the public Accuracy page and the property page's adjustment grid
 * say (docs/accuracy.md): the backtest's figures and the value estimate's workings in words, so a
 * reader can judge an estimate and check it by hand.
 */

/** The words each kind of estimate is told in. */
export const KIND_WORDS: Record<
  EstimateKind,
  { title: string; estimates: string; actual: string; price: string; one: string; many: string }
> = {
  value: {
    title: 'Value estimates',
    estimates: 'value estimates',
    actual: 'the price actually paid',
    price: 'price',
    one: 'sale',
    many: 'sales',
  },
  rent: {
    title: 'Rent estimates',
    estimates: 'rent estimates',
    actual: 'the rent actually signed',
    price: 'rent',
    one: 'lease',
    many: 'leases',
  },
};

/** What the IAAO Standard on Ratio Studies (2013) asks of single-family homes. */
export const IAAO_STANDARD = {
  medianRatio: { low: 0.9, high: 1.1 },
  cod: { high: 15 },
  prd: { low: 0.98, high: 1.03 },
} as const;

/** The window every figure covers. */
export const ACCURACY_WINDOW = 'the last 12 months';

export const ACCURACY_TEXT = {
  notMeasured:
    'The accuracy of our estimates has not been measured yet: the first backtest runs in the background once the listings are loaded. Until then no estimate shows a range.',
  method:
    'Each sale and lease that closed in the last 12 months was estimated as it would have been the day before it closed, from the sales and leases known then, itself left out; the figures compare those estimates with what was actually paid and signed.',
  aggregatesOnly: 'Aggregates only: no listing, address or price of anyone’s property is shown.',
} as const;

const count = (n: number, one: string, many: string) => `${formatInteger(n)} ${n === 1 ? one : many}`;

/** The space between a figure and its unit: no break, so "52.9 %" never parts at a line's end. */
export const FIGURE_SPACE = '\u00a0';

/**
 * Another helper's sentence with its figures kept whole ("80 % range", "0.6 mi", "6 % below"): the
 * space before a unit becomes FIGURE_SPACE.
 */
export const keepFiguresWhole = (text: string): string => text.replace(/(\d) (%|mi\b)/g, `$1${FIGURE_SPACE}$2`);

/** A percentage as the estimates' words write it: "52.9 %" (`digits` decimals, none by default; FIGURE_SPACE before the sign); "—" for none. */
export function percentText(value: number | null | undefined, digits = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  return `${value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}${FIGURE_SPACE}%`;
}

/** A signed percentage: "+1.2 %", "−0.1 %" (a true minus sign), "0.0 %". */
export function signedPercentText(value: number | null | undefined, digits = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  const shown = Number(value.toFixed(digits));
  if (shown === 0) return percentText(0, digits);
  return `${shown > 0 ? '+' : '−'}${percentText(Math.abs(shown), digits)}`;
}

/** A ratio to three decimals ("1.012"), as the ratio study states it; "—" for none. */
export const ratioText = (value: number | null | undefined): string =>
  value === null || value === undefined || !Number.isFinite(value) ? MISSING : value.toFixed(3);

/** The coefficient of dispersion to one decimal ("11.1"); "—" for none. */
export const codText = (value: number | null | undefined): string =>
  value === null || value === undefined || !Number.isFinite(value) ? MISSING : value.toFixed(1);

/** "Austin, TX". */
export const marketName = (market: { city: string; state: string }): string =>
  `${titleCase(market.city)}, ${market.state.toUpperCase()}`;

/**
 * The lead sentence: "In Austin, 64 % of our rent estimates were within 10 % of the rent actually
 * signed, over 4,210 leases of the last 12 months"; or that none could be tested.
 */
export function accuracySentence(kind: EstimateKind, city: string, figures: AccuracyFigures | null): string {
  const words = KIND_WORDS[kind];
  const place = titleCase(city);
  if (!figures || figures.count === 0 || figures.within10 === null) {
    return `In ${place}, none of our ${words.estimates} could be tested: no ${words.one} of ${ACCURACY_WINDOW} had enough comparable ${words.many} before it closed`;
  }
  return `In ${place}, ${percentText(figures.within10)} of our ${words.estimates} were within ${percentText(10)} of ${words.actual}, over ${count(figures.count, words.one, words.many)} of ${ACCURACY_WINDOW}`;
}

/** "295 of the 445 sales that closed had enough comparable sales before them for an estimate." */
export function testedText(kind: EstimateKind, figures: Pick<AccuracyFigures, 'tested' | 'count'>): string {
  const { one, many } = KIND_WORDS[kind];
  return `${formatInteger(figures.count)} of the ${count(figures.tested, one, many)} that closed had enough comparable ${many} before them for an estimate.`;
}

/** "8.7 %: half of the estimates missed by less". */
export function medianErrorText(figures: Pick<AccuracyFigures, 'medianAbsErrorPercent'>): string {
  if (figures.medianAbsErrorPercent === null) return MISSING;
  return `${percentText(figures.medianAbsErrorPercent, 1)}: half of the estimates missed by less, half by more`;
}

/** "+1.2 %: the estimates ran high, the middle one 1.2 % above the price actually paid"; "0.0 %: neither high nor low". */
export function biasText(kind: EstimateKind, figures: Pick<AccuracyFigures, 'biasPercent'>): string {
  const bias = figures.biasPercent;
  if (bias === null) return MISSING;
  const shown = signedPercentText(bias);
  if (Number(bias.toFixed(1)) === 0) return `${shown}: neither high nor low`;
  const [way, side] = bias > 0 ? ['high', 'above'] : ['low', 'below'];
  return `${shown}: the estimates ran ${way}, the middle one ${percentText(Math.abs(bias), 1)} ${side} ${KIND_WORDS[kind].actual}`;
}

/** "31 % within 5 %, 53 % within 10 %, 83 % within 20 %" (figures kept whole). */
export function withinText(figures: Pick<AccuracyFigures, 'within5' | 'within10' | 'within20'>): string {
  return [
    `${percentText(figures.within5)} within ${percentText(5)}`,
    `${percentText(figures.within10)} within ${percentText(10)}`,
    `${percentText(figures.within20)} within ${percentText(20)}`,
  ].join(', ');
}

/**
 * How often the actual fell inside the 80 % range the estimate would have been shown: "78.0 % of the
 * prices actually paid fell inside it (80 % promised), measured on sales its calibration did not see".
 */
export function coverageText(kind: EstimateKind, figures: Pick<AccuracyFigures, 'coveragePercent'>): string {
  const words = KIND_WORDS[kind];
  if (figures.coveragePercent === null) return 'Not measured yet';
  return `${percentText(figures.coveragePercent, 1)} of the ${kind === 'value' ? 'prices actually paid' : 'rents actually signed'} fell inside it (${percentText(80)} promised), measured on ${words.many} its calibration did not see`;
}

/** Too few outcomes in the market to calibrate its own range: what is shown instead. */
export function pooledRangeText(kind: EstimateKind): string {
  return `Too few ${KIND_WORDS[kind].many} in this market to calibrate its own range: the wider of the comps' spread and all markets' range is shown.`;
}

/**
 * "From 17.0 % below to 21.4 % above the estimate, set by this market's 295 backtested sales" (or
 * "by all markets' …" for a pooled range, which pooledRangeText explains).
 */
export function rangeBoundsText(kind: EstimateKind, range: RangeBoundsFigures | null): string {
  if (!range) return 'None: too few backtested outcomes';
  const { one, many } = KIND_WORDS[kind];
  const side = (percent: number) => `${percentText(Math.abs(percent), 1)} ${percent < 0 ? 'below' : 'above'}`;
  const whose = range.basis === 'pooled' ? "all markets'" : "this market's";
  return `From ${side(range.lowerPercent)} to ${side(range.upperPercent)} the estimate, set by ${whose} ${count(range.count, `backtested ${one}`, `backtested ${many}`)}`;
}

/** One of the IAAO's measures: the market's figure, what the standard asks and whether it meets it. */
export interface IaaoRow {
  key: 'medianRatio' | 'cod' | 'prd';
  measure: string;
  value: string;
  standard: string;
  /** null without a figure. */
  met: boolean | null;
}

/** The IAAO measures of a set of value estimates against the standard. */
export function iaaoRows(figures: Pick<AccuracyFigures, 'medianRatio' | 'cod' | 'prd'>): IaaoRow[] {
  const within = (v: number | null, low: number, high: number) => (v === null ? null : v >= low && v <= high);
  const { medianRatio, cod, prd } = IAAO_STANDARD;
  return [
    {
      key: 'medianRatio',
      measure: 'Median ratio (estimate ÷ price paid)',
      value: ratioText(figures.medianRatio),
      standard: `${medianRatio.low.toFixed(2)} to ${medianRatio.high.toFixed(2)}`,
      met: within(figures.medianRatio, medianRatio.low, medianRatio.high),
    },
    {
      key: 'cod',
      measure: 'Coefficient of dispersion (COD)',
      value: codText(figures.cod),
      standard: `${cod.high} or less for single-family homes`,
      met: figures.cod === null ? null : figures.cod <= cod.high,
    },
    {
      key: 'prd',
      measure: 'Price-related differential (PRD)',
      value: ratioText(figures.prd),
      standard: `${prd.low.toFixed(2)} to ${prd.high.toFixed(2)}`,
      met: within(figures.prd, prd.low, prd.high),
    },
  ];
}

/** "Meets it", "Outside it", "—". */
export const iaaoMetText = (met: boolean | null): string => (met === null ? MISSING : met ? 'Meets it' : 'Outside it');

/** A percentage bound with a true minus sign: −30, 5. */
const bound = (n: number) => (n < 0 ? `−${Math.abs(n)}` : String(n));

/** The histogram's bins in words (ERROR_BINS): "Below −30 %", "−30 to −25 %", …, "25 to 30 %", "30 % or more". */
export function errorBinLabels(): string[] {
  const percent = (n: number) => `${bound(n)}${FIGURE_SPACE}%`;
  const labels = [`Below ${percent(ERROR_BINS[0])}`];
  for (let i = 1; i < ERROR_BINS.length; i++) labels.push(`${bound(ERROR_BINS[i - 1])} to ${percent(ERROR_BINS[i])}`);
  labels.push(`${percent(ERROR_BINS[ERROR_BINS.length - 1])} or more`);
  return labels;
}

/** What the errors' chart shows, for a screen reader: how many, the bins and the tallest. */
export function histogramDescription(kind: EstimateKind, city: string, histogram: readonly number[]): string {
  const words = KIND_WORDS[kind];
  const total = histogram.reduce((sum, n) => sum + n, 0);
  const head = `How far each of the ${count(total, words.estimates.replace(/s$/, ''), words.estimates)} in ${titleCase(city)} was from ${words.actual}, in 5-point bins from below −30 % to 30 % or more (below 0 the estimate was under it)`;
  if (total === 0) return `${head}.`;
  const tallest = histogram.indexOf(Math.max(...histogram));
  return `${head}; the most, ${formatInteger(histogram[tallest])}, were ${errorBinLabels()[tallest].replace(/^Below/, 'below')} off. The table under the chart lists every bin.`;
}

/** "sales up to Nov 20, 2025 and leases up to Nov 20, 2025". */
export function asOfText(run: Pick<AccuracyRunInfo, 'salesAsOf' | 'leasesAsOf'>): string {
  const parts = [
    run.salesAsOf ? `sales up to ${formatDate(run.salesAsOf)}` : null,
    run.leasesAsOf ? `leases up to ${formatDate(run.leasesAsOf)}` : null,
  ].filter((part): part is string => part !== null);
  return parts.length ? parts.join(' and ') : 'no closed sales or leases';
}

/** The accuracy of a market not measured (404: no backtest yet, or none of its sales and leases in the window). */
export function marketNotMeasuredText(market: { city: string; state: string }): string {
  return `The accuracy of our estimates in ${marketName(market)} has not been measured yet: the backtest measures each market with sales or leases in ${ACCURACY_WINDOW}, and runs in the background after the listings are loaded and every night.`;
}

/** A factor of the adjustment grid to four decimals, as the server rounds it: "1.0314". */
export const factorText = (factor: number): string => factor.toFixed(4);

/** A comp's share of the weighted median: "0.297". */
export const weightText = (weight: number): string => weight.toFixed(3);

/** The comps sorted by adjusted price, with their running weight: the weighted median's working. */
export interface MedianStep {
  comp: ValueComp;
  /** The weights of this comp and the cheaper ones. */
  running: number;
}

/**
 * The weighted median's working (docs/accuracy.md, step 2): the comps sorted by adjusted price with
 * their running weight, and the one where it reaches half (with the next, when it reaches exactly
 * half: their mean). The stored weights are rounded, so "exactly half" allows for that.
 */
export function weightedMedianSteps(comps: readonly ValueComp[]): {
  steps: MedianStep[];
  median: number | null;
  medianIds: string[];
} {
  const sorted = [...comps].sort((a, b) => a.adjustedPrice - b.adjustedPrice);
  const total = sorted.reduce((sum, c) => sum + c.weight, 0);
  let running = 0;
  const steps = sorted.map((comp) => {
    running += comp.weight;
    return { comp, running: total > 0 ? running / total : 0 };
  });
  const at = steps.findIndex((s) => s.running >= 0.5 - 1e-4);
  if (at < 0) return { steps, median: null, medianIds: [] };
  const exact = Math.abs(steps[at].running - 0.5) <= 1e-4 && at + 1 < steps.length;
  if (exact) {
    const pair = [steps[at].comp, steps[at + 1].comp];
    return { steps, median: (pair[0].adjustedPrice + pair[1].adjustedPrice) / 2, medianIds: pair.map((c) => c._id) };
  }
  return { steps, median: steps[at].comp.adjustedPrice, medianIds: [steps[at].comp._id] };
}

/**
 * How the figure comes from the grid: "The estimate is the comps' distance-weighted median: each comp
 * weighs 1 ÷ (0.25 + its miles), and sorted by adjusted price their weights pass half at $235,411,
 * rounded to $235,000."
 */
export function weightedMedianText(comps: readonly ValueComp[], value: number | null): string {
  const { median, medianIds } = weightedMedianSteps(comps);
  const head =
    "The estimate is the comps' distance-weighted median: each comp weighs 1 ÷ (0.25 + its distance in miles), shown as its share of the total";
  if (median === null || value === null) return `${head}.`;
  const where =
    medianIds.length === 2
      ? `their weights reach exactly half between two comps, so the median is their mean, ${formatCurrency(median)}`
      : `their running weight passes half at ${formatCurrency(median)}`;
  return `${head}; sorted by adjusted price, ${where}, rounded to ${formatCurrency(value)}.`;
}

/** A model effect as a signed percent to two decimals: 0.0104 → "+1.04 %". */
const effectText = (share: number) => signedPercentText(share * 100, 2);

/**
 * The market model's figures the factors came from: "Austin, TX's market model, fitted on 563 sales
 * of the 24 months to November 2025: the price grows with the living area to the power 0.953, +1.04 %
 * a bedroom and +0.38 % a bathroom; the time factor brings each sale to November 2025 by the market's
 * monthly price index, the location factor sets its ZIP's level against this home's."
 */
export function modelText(model: ModelSummary | null, market: string): string {
  if (!model) {
    return `${market} has no market model yet (fewer than 50 sales in its window): only the area is adjusted, in proportion, the comp's price per square foot times this home's area.`;
  }
  const month = monthName(model.month);
  return `${market}'s market model, fitted on ${count(model.observations, 'sale', 'sales')} of the 24 months to ${month}: the price grows with the living area to the power ${model.areaElasticity.toFixed(3)}, ${effectText(model.bedsEffect)} a bedroom and ${effectText(model.bathsEffect)} a bathroom; the time factor brings each sale to ${month} by the market's monthly price index, and the location factor sets its ZIP's level against this home's.`;
}
