import { MODEL_RULES, monthOfDay, type MarketModel } from './market-model';

/**
 * An estimate from comps adjusted to the subject, as an appraiser's sales comparison grid does it
 * (docs/accuracy.md): each comp's price (or rent) times a factor for the time of its sale (the
 * market's monthly index), one for the living area (the market's elasticity: 1 is price per square
 * foot), one for the bedrooms and bathrooms, and one for the location (the ZIPs' levels); then the
 * median of the adjusted amounts weighted by distance. Without a market model (too few sales in the
 * market) only the area is adjusted, in proportion (the comp's $/sq ft times the subject's area).
 */

export interface EstimateSubject {
  area: number | null;
  beds: number | null;
  baths: number | null;
  zip: string | null;
}

export interface EstimateComp extends EstimateSubject {
  id: string;
  /** The price it sold for, or the monthly rent it leased for. */
  amount: number;
  /** Days since 1970-01-01 (dayNumber). */
  closeDay: number;
  distanceMiles: number;
}

/** One comp's row of the grid: its amount, each factor, the adjusted amount and its share of the weight. */
export interface CompAdjustment {
  id: string;
  amount: number;
  distanceMiles: number;
  time: number;
  area: number;
  rooms: number;
  location: number;
  adjusted: number;
  /** Its weight as a share of all the comps' (they add up to 1). */
  weight: number;
}

export interface AdjustedEstimate {
  /** The weighted median of the adjusted amounts (not rounded). */
  amount: number;
  /** The comps, in the order given. */
  comps: CompAdjustment[];
}

/** A comp's weight: nearer is more alike (a quarter mile keeps the nearest from taking all of it). */
export const compWeight = (distanceMiles: number): number => 1 / (0.25 + distanceMiles);

const clamp = (value: number, range: { min: number; max: number }) => Math.min(range.max, Math.max(range.min, value));

/** The coefficients an estimate uses: the model's, held within MODEL_RULES' ranges; without a model, area in proportion only. */
export function usedCoefficients(model: MarketModel | null): { area: number; beds: number; baths: number } {
  if (!model) return { area: 1, beds: 0, baths: 0 };
  return {
    area: clamp(model.areaElasticity, MODEL_RULES.areaElasticity),
    beds: clamp(model.bedsEffect, MODEL_RULES.roomEffect),
    baths: clamp(model.bathsEffect, MODEL_RULES.roomEffect),
  };
}

/** The index level (log) of a month: before the window its first month's, after it the reference's (0). */
export function monthLevel(model: MarketModel, month: number): number {
  if (month >= model.refMonth) return 0;
  return model.monthLevels[Math.max(0, month - model.firstMonth)];
}

/** One comp adjusted to the subject (factors of 1 where a fact is missing on either side). */
export function adjustComp(subject: EstimateSubject, comp: EstimateComp, model: MarketModel | null): CompAdjustment {
  const k = usedCoefficients(model);
  const time = model ? Math.exp(-monthLevel(model, monthOfDay(comp.closeDay))) : 1;
  const area =
    subject.area !== null && subject.area > 0 && comp.area !== null && comp.area > 0
      ? Math.pow(subject.area / comp.area, k.area)
      : 1;
  const bedsOff = subject.beds !== null && comp.beds !== null ? subject.beds - comp.beds : 0;
  const bathsOff = subject.baths !== null && comp.baths !== null ? subject.baths - comp.baths : 0;
  const rooms = Math.exp(k.beds * bedsOff + k.baths * bathsOff);
  const zipLevel = (zip: string | null) => (model && zip !== null ? (model.zipLevels[zip] ?? 0) : 0);
  const location = Math.exp(zipLevel(subject.zip) - zipLevel(comp.zip));
  return {
    id: comp.id,
    amount: comp.amount,
    distanceMiles: comp.distanceMiles,
    time,
    area,
    rooms,
    location,
    adjusted: comp.amount * time * area * rooms * location,
    weight: compWeight(comp.distanceMiles),
  };
}

/**
 * The weighted median: the smallest value at which the sorted weights reach half the total; where
 * they reach exactly half, the mean of it and the next (so equal weights give the ordinary median).
 */
export function weightedMedian(values: readonly number[], weights: readonly number[]): number {
  const order = values.map((_, i) => i).sort((a, b) => values[a] - values[b]);
  const total = weights.reduce((s, w) => s + w, 0);
  let cumulative = 0;
  for (let k = 0; k < order.length; k++) {
    cumulative += weights[order[k]];
    const gap = cumulative - total / 2;
    if (Math.abs(gap) <= total * 1e-12 && k + 1 < order.length) return (values[order[k]] + values[order[k + 1]]) / 2;
    if (gap > 0) return values[order[k]];
  }
  return values[order[order.length - 1]];
}

/** The estimate of the subject from its comps (none without comps; the caller asks for enough of them). */
export function estimateFromComps(
  subject: EstimateSubject,
  comps: readonly EstimateComp[],
  model: MarketModel | null,
): AdjustedEstimate | null {
  if (!comps.length) return null;
  const adjusted = comps.map((c) => adjustComp(subject, c, model));
  const total = adjusted.reduce((s, c) => s + c.weight, 0);
  for (const c of adjusted) c.weight /= total;
  return {
    amount: weightedMedian(
      adjusted.map((c) => c.adjusted),
      adjusted.map((c) => c.weight),
    ),
    comps: adjusted,
  };
}
