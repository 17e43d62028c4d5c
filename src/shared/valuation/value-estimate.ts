import type { SelectedComp } from '../comps';
import { formatCurrency } from '../format';
import type { ValueEstimate } from '../schemas/property-estimates';
import { estimateFromComps, usedCoefficients } from './adjusted-comps';
import { monthLabel, type MarketModel } from './market-model';
import { rangeText } from './ranges';
import { roundTo } from '../stats';

/**
 * A listing's value estimate from its sold comps (docs/accuracy.md): the comps the deal status uses
 * (src/shared/comps.ts), each adjusted to the listing by its market's model, their distance-weighted
 * median. Fewer than VALUE_RULES.minComps comps: no figure, and the words say so.
 */

export const VALUE_RULES = {
  /** Fewer comps than this: no estimate. */
  minComps: 3,
  /** The estimate and its range are rounded to this many dollars (the range outwards). */
  roundTo: 1000,
} as const;

/** The subject of a value estimate: a listing's facts (or, in the backtest, a sold home's). */
export interface ValueSubject {
  area: number | null;
  beds: number | null;
  baths: number | null;
  zip: string | null;
}

/** The comps as the adjustments read them. */
export const estimateComps = (comps: readonly SelectedComp[]) =>
  comps.map((c) => ({
    id: c.id,
    amount: c.closePrice,
    area: c.area,
    beds: c.beds,
    baths: c.baths,
    zip: c.zip,
    closeDay: c.closeDay,
    distanceMiles: c.distanceMiles,
  }));

const roundValue = (value: number) => roundTo(value, VALUE_RULES.roundTo);
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The estimate before rounding (the backtest compares it with the price), or null with too few comps. */
export function exactValue(subject: ValueSubject, comps: readonly SelectedComp[], model: MarketModel | null): number | null {
  if (comps.length < VALUE_RULES.minComps) return null;
  return estimateFromComps(subject, estimateComps(comps), model)?.amount ?? null;
}

/**
 * What a listing stores of its value estimate (ValueEstimate without the range, which comes from the
 * market's latest backtest when the property is read). `today` is the comps' reference day (dayNumber).
 */
export function valueEstimate(
  subject: ValueSubject & { listPrice: number },
  comps: readonly SelectedComp[],
  model: MarketModel | null,
  today: number,
): Omit<ValueEstimate, 'range'> {
  const none = { compsLow: null, compsHigh: null, comps: [], model: null, farthestMiles: null, oldestMonths: null };
  if (comps.length < VALUE_RULES.minComps) return { value: null, compCount: comps.length, listGapPercent: null, ...none };
  const estimate = estimateFromComps(subject, estimateComps(comps), model);
  if (!estimate) return { value: null, compCount: 0, listGapPercent: null, ...none };
  const value = roundValue(estimate.amount);
  const adjusted = estimate.comps.map((c) => c.adjusted);
  const k = usedCoefficients(model);
  return {
    value,
    compCount: comps.length,
    farthestMiles: Math.max(0.1, Math.ceil(Math.max(...comps.map((c) => c.distanceMiles)) * 10) / 10),
    oldestMonths: Math.max(1, Math.ceil((today - Math.min(...comps.map((c) => c.closeDay))) / 30.4375)),
    listGapPercent: round(((subject.listPrice - estimate.amount) / estimate.amount) * 100, 1),
    compsLow: Math.round(Math.min(...adjusted)),
    compsHigh: Math.round(Math.max(...adjusted)),
    comps: estimate.comps.map((c, i) => ({
      _id: c.id,
      soldPrice: c.amount,
      closeDate: comps[i].closeDate,
      distanceMiles: round(c.distanceMiles, 2),
      time: round(c.time, 4),
      area: round(c.area, 4),
      rooms: round(c.rooms, 4),
      location: round(c.location, 4),
      adjustedPrice: Math.round(c.adjusted),
      weight: round(c.weight, 4),
    })),
    model: model
      ? {
          month: monthLabel(model.refMonth),
          observations: model.observations,
          areaElasticity: round(k.area, 3),
          bedsEffect: round(k.beds, 4),
          bathsEffect: round(k.baths, 4),
        }
      : null,
  };
}

/** A range rounded outwards to whole thousands (an actual at a bound stays inside what is shown). */
export function roundedRange(low: number, high: number, step: number = VALUE_RULES.roundTo): { low: number; high: number } {
  return { low: Math.floor(low / step) * step, high: Math.ceil(high / step) * step };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const miles = (m: number) => `${m.toLocaleString('en-US', { maximumFractionDigits: 1 })} mi`;

/** "list price 6 % below", "list price 4 % above", "list price at the estimate". */
export function listGapText(gapPercent: number): string {
  const rounded = Math.round(Math.abs(gapPercent));
  if (rounded === 0) return 'list price at the estimate';
  return `list price ${rounded} % ${gapPercent < 0 ? 'below' : 'above'}`;
}

/**
 * The estimate in one line: "Estimated value $372,000 · 80 % range $351,000–$394,000 · from 8 sales
 * within 0.6 mi, last 7 months · list price 6 % below"; or why there is none.
 */
export function valueEstimateText(
  v: Pick<ValueEstimate, 'value' | 'compCount' | 'farthestMiles' | 'oldestMonths' | 'listGapPercent' | 'range'>,
): string {
  if (v.value === null) {
    return v.compCount === 0
      ? 'No value estimate: no comparable sales within 2 mi in the last 12 months'
      : `No value estimate: only ${plural(v.compCount, 'comparable sale')} within 2 mi in the last 12 months (${VALUE_RULES.minComps} needed)`;
  }
  const parts = [`Estimated value ${formatCurrency(v.value)}`];
  if (v.range) parts.push(rangeText(v.range));
  parts.push(
    `from ${plural(v.compCount, 'sale')} within ${miles(v.farthestMiles ?? 0.1)}, last ${plural(v.oldestMonths ?? 1, 'month')}`,
  );
  if (v.listGapPercent !== null) parts.push(listGapText(v.listGapPercent));
  return parts.join(' · ');
}

/** The list price against the estimate in a few words, for a list row: "6 % below est.", "4 % above est.". */
export function listGapShort(gapPercent: number | null): string | null {
  if (gapPercent === null) return null;
  const rounded = Math.round(Math.abs(gapPercent));
  if (rounded === 0) return 'at est.';
  return `${rounded} % ${gapPercent < 0 ? 'below' : 'above'} est.`;
}
