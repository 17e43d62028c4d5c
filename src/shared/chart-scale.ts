/** Axis maths of the charts (pure): the property page's projection and the accuracy histogram. */

/** A "nice" step (1, 2 or 5 × 10^k) near `rough`. */
function niceStep(rough: number): number {
  if (!(rough > 0) || !Number.isFinite(rough)) return 1;
  const power = Math.pow(10, Math.floor(Math.log10(rough)));
  const fraction = rough / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/**
 * About `count` evenly spaced round ticks covering [min, max] and always 0 (so bars of money start
 * at zero and negative cash flow shows below the axis).
 */
export function niceTicks(min: number, max: number, count = 5): number[] {
  const low = Math.min(0, min);
  const high = Math.max(0, max);
  if (low === high) return [0, 1];
  const step = niceStep((high - low) / count);
  const first = Math.floor(low / step) * step;
  const last = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  // Rounding to the step's precision keeps 0.1 + 0.2 style noise out of the labels.
  for (let t = first; t <= last + step / 2; t += step) ticks.push(Math.round(t / step) * step);
  return ticks;
}

const compact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** '$120K', '−$5K', '$1.2M'. */
export const formatCompactUsd = (value: number): string => compact.format(value);

/** Maps a value from [domainMin, domainMax] to [rangeMin, rangeMax]. */
export function linearScale(domainMin: number, domainMax: number, rangeMin: number, rangeMax: number) {
  const span = domainMax - domainMin || 1;
  return (value: number) => rangeMin + ((value - domainMin) / span) * (rangeMax - rangeMin);
}
