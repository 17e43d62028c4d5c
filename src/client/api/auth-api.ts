import { createApi } from '@reduxjs/toolkit/query/react';
import type { User } from '../../shared/api-types';
import { authBaseQuery, registerApiReset } from './base-query';

/** Signed-in calls (base /api/v1/auth, 8 s, bearer token, re-auth on 401). */
export const authApi = createApi({
  reducerPath: 'authApi',
  baseQuery: authBaseQuery,
  tagTypes: ['User', 'Count'],
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
  }),
});

registerApiReset(() => authApi.util.resetApiState());

export const { useGetUserQuery, useUserCountQuery, useMarketCountQuery } = authApi;
