/**
 * The map's wire types, from the shared schemas (src/shared/schemas); only the search's own
 * arguments are the client's.
 */
import type { MapBounds } from '../../../shared/schemas/geo';
export type { ClientConfig as MapConfig } from '../../../shared/schemas/config';
export type {
  Comp,
  PropertyCluster,
  SearchClustersAnswer,
  SearchProperty as MapProperty,
  SearchPropertiesPage,
} from '../../../shared/schemas/property';
export type { NewRecentSearch, RecentSearch } from '../../../shared/schemas/recent-searches';

export interface SearchPropertiesArgs {
  type: 'bounds';
  zoom: number;
  /** JSON of a MapBounds: {ne:{lat,lng}, sw:{lat,lng}}. */
  bounds: string;
  /** The paging token of the previous page; absent on the first page. */
  next?: string;
}

/** GET /searchProperties?type=clusters: a wide view in one answer. */
export interface SearchClustersArgs {
  type: 'clusters';
  /** Whole zoom: the server's grid. */
  zoom: number;
  /** JSON of a MapBounds, clamped to the world. */
  bounds: string;
}

export type { MapBounds };
