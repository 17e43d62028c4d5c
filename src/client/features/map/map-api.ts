import { api, authCall, publicCall } from '../../api/base-api';
import type { PricingStatus } from '../../../shared/schemas/rates';
import type { SearchPropertiesPage as SummaryPage, SearchTopAnswer as SummaryTop } from '../../../shared/schemas/property-search';
import { summaryFromRow } from '../../../shared/search-summary';
import type {
  MapConfig,
  NewRecentSearch,
  RecentSearch,
  SearchClustersAnswer,
  SearchClustersArgs,
  SearchPropertiesArgs,
  SearchPropertiesPage,
  SearchReturnsAnswer,
  SearchReturnsArgs,
  SearchTopAnswer,
  SearchTopArgs,
} from './map-types';

/**
 * The map's calls: its config (public), the bounds search and saving a recent search (auth). The whole
 * property and its comps are features/deal's; the dashboard reads the recent searches.
 */
export const mapApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/config: the Maps key and map id come from the server, never from the bundle. */
    mapConfig: build.query<MapConfig, void>({
      query: () => publicCall('/config'),
    }),
    /**
     * One page of the map bounds search. The map follows `next` until 'done' and merges the pages
     * into its entity adapter, so pages are not kept in this cache.
     */
    searchProperties: build.query<SearchPropertiesPage, SearchPropertiesArgs>({
      query: ({ type, zoom, bounds, next }) =>
        authCall({ url: '/searchProperties', params: next ? { type, zoom, bounds, next } : { type, zoom, bounds } }),
      transformResponse: (page: SummaryPage): SearchPropertiesPage => ({
        properties: page.properties.map(summaryFromRow),
        next: page.next,
      }),
      keepUnusedDataFor: 0,
    }),
    /** A wide view's server clusters (`type=clusters`): one answer, cached like any query. */
    searchClusters: build.query<SearchClustersAnswer, SearchClustersArgs>({
      query: (params) => authCall({ url: '/searchProperties', params }),
      providesTags: ['Pricing'],
    }),
    /** The best properties of a wide view by the list's sort, with the filters (`type=top`): the list beside clusters. */
    searchTop: build.query<SearchTopAnswer, SearchTopArgs>({
      query: (params) => authCall({ url: '/searchProperties', params }),
      transformResponse: (top: SummaryTop): SearchTopAnswer => ({
        properties: top.properties.map(summaryFromRow),
        total: top.total,
      }),
      providesTags: ['Pricing'],
    }),
    /** The returns heat map of a view (`type=returns`): the median cash-on-cash per grid cell, filtered. */
    searchReturns: build.query<SearchReturnsAnswer, SearchReturnsArgs>({
      query: (params) => authCall({ url: '/searchProperties', params }),
      providesTags: ['Pricing'],
    }),
    /** GET /rates/pricing: the rate results are priced at and whether a re-price runs (pricing-refresh.ts). */
    pricing: build.query<PricingStatus, void>({
      query: () => publicCall('/rates/pricing'),
      keepUnusedDataFor: 0,
    }),
    addRecentSearch: build.mutation<RecentSearch, NewRecentSearch>({
      query: (body) => authCall({ url: '/recentSearches', method: 'POST', body }),
      invalidatesTags: ['RecentSearch'],
    }),
  }),
});

export const {
  useMapConfigQuery,
  useAddRecentSearchMutation,
  useSearchClustersQuery,
  useSearchTopQuery,
  useSearchReturnsQuery,
  usePricingQuery,
} = mapApi;
