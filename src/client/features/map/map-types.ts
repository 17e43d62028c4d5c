/**
 * The map's wire types, from the shared schemas (src/shared/schemas); only the search's own
 * arguments are the client's.
 */
import type { MapBounds } from '../../../shared/schemas/geo';
import type { FILTER_PARAM_NAMES, SearchSort, SortOrder } from '../../../shared/search-filters';
import type { PropertySummary } from '../../../shared/search-summary';
export type { ClientConfig as MapConfig } from '../../../shared/schemas/config';
export type { Comp, Property } from '../../../shared/schemas/property';
export type {
  PropertyCluster,
  ReturnsCell,
  SearchClustersAnswer,
  SearchReturnsAnswer,
} from '../../../shared/schemas/property-search';
export type { PropertySummary as MapProperty } from '../../../shared/search-summary';

/** A bounds-search page as the client holds it: its summary rows read into the spec's fields. */
export interface SearchPropertiesPage {
  properties: PropertySummary[];
  next: string;
}

/** The `type=top` answer as the client holds it. */
export interface SearchTopAnswer {
  properties: PropertySummary[];
  total: number;
}
export type { NewRecentSearch, RecentSearch } from '../../../shared/schemas/recent-searches';

export interface SearchPropertiesArgs {
  type: 'bounds';
  zoom: number;
  /** JSON of a MapBounds: {ne:{lat,lng}, sw:{lat,lng}}. */
  bounds: string;
  /** The paging token of the previous page; absent on the first page. */
  next?: string;
}

/** GET /searchProperties?type=clusters: a wide view in one answer, with the filters' query parameters. */
export interface SearchClustersArgs extends FilterQueryParams {
  type: 'clusters';
  /** Whole zoom: the server's grid. */
  zoom: number;
  /** JSON of a MapBounds, clamped to the world. */
  bounds: string;
}

/** The filters as query parameters (searchFilterParams in src/shared/search-filters.ts). */
export type FilterQueryParams = Partial<Record<(typeof FILTER_PARAM_NAMES)[number], string>>;

/** GET /searchProperties?type=top: the view's best properties by the list's sort, filtered. */
export interface SearchTopArgs extends FilterQueryParams {
  type: 'top';
  bounds: string;
  sort: SearchSort;
  order: SortOrder;
}

/** GET /searchProperties?type=returns: the returns heat map of a view, with the filters (and the strategy shown). */
export interface SearchReturnsArgs extends FilterQueryParams {
  type: 'returns';
  /** Whole zoom: the server's grid. */
  zoom: number;
  /** JSON of a MapBounds, clamped to the world. */
  bounds: string;
}

export type { MapBounds };
