import { api, authCall } from '../../api/base-api';

/** The Admin's counts on the dashboard (others never call them). Admin changes invalidate the `Count` tags. */
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
  }),
});

export const { useUserCountQuery, useMarketCountQuery } = dashboardApi;
