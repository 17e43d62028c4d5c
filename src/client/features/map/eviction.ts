/**
 * Which known properties the map forgets when it knows more than it may keep: the farthest from
 * the view's centre first (they are the least likely to be looked at again), never the selected one.
 */
import type { LatLng } from '../../../shared/geo/bounds';
import type { MapProperty } from './map-types';

/** The ids to drop so that at most `keep` remain. Distance is planar with longitude scaled by cos(latitude). */
export function farthestFirst(
  entities: Record<string, MapProperty | undefined>,
  ids: readonly string[],
  center: LatLng,
  keep: number,
  protectedId: string | null,
): string[] {
  const excess = ids.length - keep;
  if (excess <= 0) return [];
  const scale = Math.cos((center.lat * Math.PI) / 180);
  const candidates: Array<{ id: string; d: number }> = [];
  for (const id of ids) {
    if (id === protectedId) continue;
    const c = entities[id]?.location?.coordinates;
    const d = c ? ((c[0] - center.lng) * scale) ** 2 + (c[1] - center.lat) ** 2 : Infinity;
    candidates.push({ id, d });
  }
  candidates.sort((a, b) => b.d - a.d);
  return candidates.slice(0, excess).map((c) => c.id);
}
