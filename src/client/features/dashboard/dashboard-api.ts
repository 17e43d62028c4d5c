import { api, authCall } from '../../api/base-api';
import type { RecentSearch } from '../../../shared/schemas/recent-searches';

/**
 * The dashboard's reads: the Admin's counts (others never call them; admin changes invalidate the
 * `Count` tags) and the recent searches, which the map saves (its addRecentSearch invalidates the
 * `RecentSearch` tag).
 */
export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    userCount: build.query<number, void>({
      query: () => authCall('/userCount'),
      providesTags: [{ type: 'Count', id: 'users' }],
    }),
    marketCount: build.query<number, void>({
      query: () => authCall('/marketCount'),
      providesTags: [{ type: 'Count', id: 'markets' }],
    }),
    recentSearches: build.query<RecentSearch[], void>({
      query: () => authCall('/recentSearches'),
      providesTags: ['RecentSearch'],
    }),
  }),
});

export const { useUserCountQuery, useMarketCountQuery, useRecentSearchesQuery } = dashboardApi;
