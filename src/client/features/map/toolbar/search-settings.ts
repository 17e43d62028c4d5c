/**
 * The search page's settings in its URL, next to the camera (`lat`, `lng`, `zoom`) and the place:
 * the filters under their query names (src/shared/search-filters.ts), `sort` and `order`, and
 * `layer=returns` while the returns heat map is on, `layer=pipeline` while the map shows only the
 * investor's pipeline. A value the rules refuse is left out, as if
 * absent, so an edited or stale link still opens.
 */
import {
  FILTER_PARAM_NAMES,
  parseSearchFilters,
  SEARCH_SORTS,
  searchFilterParams,
  SORT_ORDERS,
  type SearchFilterParams,
  type SearchFilters,
  type SearchSort,
  type SortOrder,
} from '../../../../shared/search-filters';

export interface SearchSettings {
  filters: SearchFilters;
  sort: SearchSort;
  order: SortOrder;
  /** The returns heat map is on (the map colours the view by returns; the list shows its cells); absent: off. */
  returns?: boolean;
  /** The map shows only the investor's pipeline deals, badged with their stage (the list lists them); absent: off. */
  pipeline?: boolean;
}

/** The URL parameter of the map's layer, and its values for the returns heat map and the pipeline (one at a time). */
export const LAYER_PARAM = 'layer';
export const RETURNS_LAYER = 'returns';
export const PIPELINE_LAYER = 'pipeline';

export const DEFAULT_SORT: SearchSort = 'price';
export const DEFAULT_ORDER: SortOrder = 'asc';
export const DEFAULT_SETTINGS: SearchSettings = { filters: {}, sort: DEFAULT_SORT, order: DEFAULT_ORDER };

const isSort = (value: string | null): value is SearchSort => (SEARCH_SORTS as readonly (string | null)[]).includes(value);
const isOrder = (value: string | null): value is SortOrder => (SORT_ORDERS as readonly (string | null)[]).includes(value);

/** The settings a URL holds; each filter the rules refuse on its own is dropped. */
export function settingsFromParams(params: URLSearchParams): SearchSettings {
  const filters: SearchFilters = {};
  for (const name of FILTER_PARAM_NAMES) {
    const value = params.get(name);
    if (value === null) continue;
    // Checked one at a time (with the strategy, which minCoc needs) so one bad value drops only itself.
    const alone: SearchFilterParams = { [name]: value };
    if (name === 'minCoc') alone.strategy = params.get('strategy') ?? undefined;
    const { filters: parsed, problems } = parseSearchFilters(alone);
    if (problems.length === 0) Object.assign(filters, name === 'minCoc' ? { minCoc: parsed.minCoc } : parsed);
  }
  // A maximum below its minimum (each fine alone): the maximum goes.
  if (filters.minPrice !== undefined && filters.maxPrice !== undefined && filters.maxPrice < filters.minPrice) {
    delete filters.maxPrice;
  }
  if (filters.minDays !== undefined && filters.maxDays !== undefined && filters.maxDays < filters.minDays) {
    delete filters.maxDays;
  }
  const sort = params.get('sort');
  const order = params.get('order');
  return {
    filters,
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    order: isOrder(order) ? order : DEFAULT_ORDER,
    ...(params.get(LAYER_PARAM) === RETURNS_LAYER ? { returns: true } : {}),
    ...(params.get(LAYER_PARAM) === PIPELINE_LAYER ? { pipeline: true } : {}),
  };
}

/**
 * The URL's parameters with these settings: the other parameters (camera, place) kept, the filters
 * and a non-default sort written, defaults left out.
 */
export function withSettings(params: URLSearchParams, settings: SearchSettings): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of [...FILTER_PARAM_NAMES, 'sort', 'order', LAYER_PARAM]) next.delete(name);
  for (const [name, value] of Object.entries(searchFilterParams(settings.filters))) next.set(name, value);
  if (settings.sort !== DEFAULT_SORT || settings.order !== DEFAULT_ORDER) {
    next.set('sort', settings.sort);
    next.set('order', settings.order);
  }
  if (settings.returns) next.set(LAYER_PARAM, RETURNS_LAYER);
  else if (settings.pipeline) next.set(LAYER_PARAM, PIPELINE_LAYER);
  return next;
}

/** Five decimals of a degree: about a metre, enough for a shared link. */
const round = (value: number) => Math.round(value * 1e5) / 1e5;

/** The URL's parameters with this camera. */
export function withCamera(params: URLSearchParams, center: { lat: number; lng: number }, zoom: number): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('lat', String(round(center.lat)));
  next.set('lng', String(round(center.lng)));
  next.set('zoom', String(Math.round(zoom * 100) / 100));
  return next;
}
