import { api, authCall, publicCall } from '../../api/base-api';
import type { GeocodeAnswer } from '../../../shared/schemas/places';
import type { PricingStatus } from '../../../shared/schemas/rates';
import type { SearchPropertiesPage as SummaryPage, SearchTopAnswer as SummaryTop } from '../../../shared/schemas/property';
import { summaryFromRow } from '../../../shared/search-summary';
import { PROPERTY_CACHE_SECONDS } from './map-constants';
import type {
  Comp,
  Property,
  MapConfig,
  NewRecentSearch,
  RecentSearch,
  SearchClustersAnswer,
  SearchClustersArgs,
  SearchPropertiesArgs,
  SearchPropertiesPage,
  SearchTopAnswer,
  SearchTopArgs,
} from './map-types';

/** The map's calls: its config (public), the bounds search, comps and recent searches (auth). */
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
    /**
     * GET /property/{id}: the whole property (results, comp ids, remarks, engine inputs) that a search
     * summary leaves out: the popup's tabs and the property page. Prefetched when a row or a marker is
     * hovered; an entry nobody reads is kept PROPERTY_CACHE_SECONDS (map-constants.ts).
     */
    property: build.query<Property, string>({
      query: (id) => authCall(`/property/${encodeURIComponent(id)}`),
      keepUnusedDataFor: PROPERTY_CACHE_SECONDS,
      providesTags: ['Pricing'],
    }),
    /** GET /rates/pricing: the rate results are priced at and whether a re-price runs (pricing-refresh.ts). */
    pricing: build.query<PricingStatus, void>({
      query: () => publicCall('/rates/pricing'),
      keepUnusedDataFor: 0,
    }),
    /** Our own geocoding of a city, a ZIP or "City, ST" among the listings' places (no Maps key needed). */
    geocode: build.query<GeocodeAnswer, string>({
      query: (q) => authCall({ url: '/geocode', params: { q } }),
    }),
    /** Comps of a property, by its compIDs (comma-separated): the popup's Comps tab and the property page. */
    propertyComps: build.query<Comp[], string[]>({
      query: (ids) => authCall({ url: '/property/comps', params: { ids: ids.join(',') } }),
    }),
    recentSearches: build.query<RecentSearch[], void>({
      query: () => authCall('/recentSearches'),
      providesTags: ['RecentSearch'],
    }),
    addRecentSearch: build.mutation<RecentSearch, NewRecentSearch>({
      query: (body) => authCall({ url: '/recentSearches', method: 'POST', body }),
      invalidatesTags: ['RecentSearch'],
    }),
  }),
});

export const {
  useMapConfigQuery,
  usePropertyQuery,
  usePropertyCompsQuery,
  useRecentSearchesQuery,
  useAddRecentSearchMutation,
  useSearchClustersQuery,
  useSearchTopQuery,
  useGeocodeQuery,
  usePricingQuery,
} = mapApi;
