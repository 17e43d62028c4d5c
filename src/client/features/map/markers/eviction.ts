/**
 * Which known properties the map keeps when it knows more than it may: the nearest to the view's
 * centre (the farthest are the least likely to be looked at again), and always the selected one.
 */
import type { LatLng } from '../../../../shared/geo/bounds';
import type { MapProperty } from '../map-types';

/**
 * The ids to keep, at most `keep` of them, in their given order. Distance is planar with longitude
 * scaled by cos(latitude); a property without a location is the farthest. Runs on typed arrays (one
 * numeric sort for the cut-off distance): it is part of every merge past the cap, up to 100,000 ids.
 */
export function nearestIds(
  ids: readonly string[],
  propertyOf: (id: string) => MapProperty | undefined,
  center: LatLng,
  keep: number,
  protectedId: string | null,
): string[] {
  if (ids.length <= keep) return ids.slice();
  const scale = Math.cos((center.lat * Math.PI) / 180);
  const distance = new Float64Array(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const c = propertyOf(ids[i])?.location?.coordinates;
    distance[i] = c ? ((c[0] - center.lng) * scale) ** 2 + (c[1] - center.lat) ** 2 : Infinity;
  }
  const protectedAt = protectedId === null ? -1 : ids.indexOf(protectedId);
  const budget = protectedAt >= 0 ? keep - 1 : keep;
  // The budget-th smallest distance among the others: everything nearer is kept, ties up to the budget.
  const others = protectedAt >= 0 ? distance.filter((_, i) => i !== protectedAt) : distance.slice();
  const cutoff = budget > 0 ? others.sort()[budget - 1] : -Infinity;
  let nearer = 0;
  for (let i = 0; i < distance.length; i++) if (i !== protectedAt && distance[i] < cutoff) nearer += 1;
  let ties = budget - nearer;
  const kept: string[] = [];
  for (let i = 0; i < ids.length; i++) {
    const d = distance[i];
    if (i === protectedAt || d < cutoff) kept.push(ids[i]);
    else if (d === cutoff && ties > 0) {
      kept.push(ids[i]);
      ties -= 1;
    }
  }
  return kept;
}
