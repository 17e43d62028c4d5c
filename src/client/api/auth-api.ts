import { createApi } from '@reduxjs/toolkit/query/react';
import type { User } from '../../shared/api-types';
import type {
  Comp,
  MapProperty,
  NewRecentSearch,
  RecentSearch,
  SearchPropertiesArgs,
  SearchPropertiesPage,
} from '../features/map/map-types';
import { authBaseQuery, registerApiReset } from './base-query';

/** The profile sets PATCH /profile/{kind} replaces (spec section 7). */
export type ProfileListKind = 'strategies' | 'markets' | 'interests';

/** Signed-in calls (base /api/v1/auth, 8 s, bearer token, re-auth on 401). */
export const authApi = createApi({
  reducerPath: 'authApi',
  baseQuery: authBaseQuery,
  tagTypes: ['User', 'Count', 'RecentSearch'],
  endpoints: (build) => ({
    getUser: build.query<User, void>({
      query: () => '/getUser',
      providesTags: ['User'],
    }),
    /** Admin only (the dashboard does not call these for others). */
    userCount: build.query<number, void>({
      query: () => '/userCount',
      providesTags: [{ type: 'Count', id: 'users' }],
    }),
    marketCount: build.query<number, void>({
      query: () => '/marketCount',
      providesTags: [{ type: 'Count', id: 'markets' }],
    }),
    /**
     * One page of the map bounds search. The map follows `next` until 'done' and merges the pages
     * into its entity adapter, so pages are not kept in this cache.
     */
    searchProperties: build.query<SearchPropertiesPage, SearchPropertiesArgs>({
      query: ({ type, zoom, bounds, next }) => ({
        url: '/searchProperties',
        params: next ? { type, zoom, bounds, next } : { type, zoom, bounds },
      }),
      keepUnusedDataFor: 0,
    }),
    property: build.query<MapProperty, string>({
      query: (id) => `/property/${encodeURIComponent(id)}`,
    }),
    /** Comps of a property, by its compIDs (comma-separated). */
    propertyComps: build.query<Comp[], string[]>({
      query: (ids) => ({ url: '/property/comps', params: { ids: ids.join(',') } }),
    }),
    recentSearches: build.query<RecentSearch[], void>({
      query: () => '/recentSearches',
      providesTags: ['RecentSearch'],
    }),
    addRecentSearch: build.mutation<RecentSearch, NewRecentSearch>({
      query: (body) => ({ url: '/recentSearches', method: 'POST', body }),
      invalidatesTags: ['RecentSearch'],
    }),
    updateProfileStrategies: build.mutation<User, string[]>({
      query: (updates) => ({ url: '/profile/strategies', method: 'PATCH', body: { updates } }),
      invalidatesTags: ['User'],
    }),
    updateProfileMarkets: build.mutation<User, string[]>({
      query: (updates) => ({ url: '/profile/markets', method: 'PATCH', body: { updates } }),
      invalidatesTags: ['User'],
    }),
    updateProfileInterests: build.mutation<User, string[]>({
      query: (updates) => ({ url: '/profile/interests', method: 'PATCH', body: { updates } }),
      invalidatesTags: ['User'],
    }),
  }),
});

registerApiReset(() => authApi.util.resetApiState());

export const {
  useGetUserQuery,
  useUserCountQuery,
  useMarketCountQuery,
  usePropertyQuery,
  usePropertyCompsQuery,
  useRecentSearchesQuery,
  useAddRecentSearchMutation,
  useUpdateProfileStrategiesMutation,
  useUpdateProfileMarketsMutation,
  useUpdateProfileInterestsMutation,
} = authApi;
