/** Pure cluster rules: circle colour and the deal-mix tooltip. */
import { dealStatusFromMarker, type DealStatus } from '../../../../shared/deal-status';

/**
 * Cluster fills: none is a deal colour (green, red, cyan), so a big cluster never reads as
 * "Overpriced". White counts on them are 6.7:1 and 12:1.
 */
export const CLUSTER_SMALL = '#1d4ed8';
export const CLUSTER_LARGE = '#312e81';

/** Dark indigo when the count is above the larger of 10 and the mean count of the current clusters, else blue. */
export function clusterColor(count: number, meanCount: number): typeof CLUSTER_LARGE | typeof CLUSTER_SMALL {
  const mean = Number.isFinite(meanCount) ? meanCount : 0;
  return count > Math.max(10, mean) ? CLUSTER_LARGE : CLUSTER_SMALL;
}

/** The circle's diameter in pixels: 30 for one property, growing with the count's order, at most 64. */
export function clusterDiameter(count: number): number {
  return Math.round(Math.min(64, 30 + Math.log10(Math.max(1, count)) * 12));
}

export interface DealMix {
  total: number;
  good: number;
  market: number;
  over: number;
}

/** Counts the statuses (by marker colour) of a cluster's properties. */
export function dealMix(statuses: Iterable<DealStatus>): DealMix {
  const mix: DealMix = { total: 0, good: 0, market: 0, over: 0 };
  for (const s of statuses) {
    mix.total += 1;
    if (s === 'Good Deal') mix.good += 1;
    else if (s === 'Overpriced') mix.over += 1;
    else mix.market += 1;
  }
  return mix;
}

/** Statuses from marker backgrounds (anything else or missing is Market Price). */
export function dealMixFromBackgrounds(backgrounds: Iterable<string | null | undefined>): DealMix {
  const statuses: DealStatus[] = [];
  for (const b of backgrounds) statuses.push(dealStatusFromMarker(b));
  return dealMix(statuses);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '12 properties: 3 good deals, 7 at market, 2 overpriced'. */
export function dealMixText(mix: DealMix): string {
  return `${plural(mix.total, 'property', 'properties')}: ${plural(mix.good, 'good deal', 'good deals')}, ${mix.market} at market, ${mix.over} overpriced`;
}
