/**
 * The map bounds search: 600 ms after the bounds change, and only when the
 * shared bounds rules hold, ask GET /searchProperties?type=bounds&zoom=&bounds= and follow `next`
 * until 'done', merging every page into the map slice. A newer bounds change cancels the sequence.
 * Failures are logged only.
 */
import { isSearchableBounds, type MapBounds } from '../../../shared/geo/bounds';
import type { SearchPropertiesArgs, SearchPropertiesPage, MapProperty } from './map-types';

/** A runaway guard: the server caps a page at 1000, so this is 200,000 properties per viewport. */
export const MAX_SEARCH_PAGES = 200;

/** The request of a viewport, or null when the shared bounds rules do not hold. */
export function boundsSearchArgs(bounds: MapBounds | null | undefined, zoom: number): SearchPropertiesArgs | null {
  if (!isSearchableBounds(bounds)) return null;
  const json = JSON.stringify({
    ne: { lat: bounds.ne.lat, lng: bounds.ne.lng },
    sw: { lat: bounds.sw.lat, lng: bounds.sw.lng },
  });
  return { type: 'bounds', zoom: Math.round(zoom), bounds: json };
}

export function boundsEqual(a: MapBounds | null | undefined, b: MapBounds | null | undefined): boolean {
  if (!a || !b) return a === b;
  return a.ne.lat === b.ne.lat && a.ne.lng === b.ne.lng && a.sw.lat === b.sw.lat && a.sw.lng === b.sw.lng;
}

export type FetchSearchPage = (args: SearchPropertiesArgs) => Promise<SearchPropertiesPage>;

/**
 * Follows the paging tokens until 'done' (or until `isCancelled()`), handing each page to `onPage`.
 * Resolves 'done' or 'cancelled'; a failed page rejects.
 */
export async function runBoundsSearch(
  args: SearchPropertiesArgs,
  fetchPage: FetchSearchPage,
  onPage: (properties: MapProperty[]) => void,
  isCancelled: () => boolean,
): Promise<'done' | 'cancelled'> {
  let next: string | undefined;
  for (let page = 0; page < MAX_SEARCH_PAGES; page += 1) {
    if (isCancelled()) return 'cancelled';
    const result = await fetchPage(next ? { ...args, next } : args);
    if (isCancelled()) return 'cancelled';
    if (result.properties?.length) onPage(result.properties);
    if (!result.next || result.next === 'done' || result.next === next) return 'done';
    next = result.next;
  }
  return 'done';
}
