import { createApi } from '@reduxjs/toolkit/query/react';
import type { User } from '../../shared/api-types';
import { authBaseQuery, registerApiReset } from './base-query';

/** Signed-in calls (base /api/v1/auth, 8 s, bearer token, re-auth on 401). */
export const authApi = createApi({
  reducerPath: 'authApi',
  baseQuery: authBaseQuery,
  tagTypes: ['User'],
  endpoints: (build) => ({
    getUser: build.query<User, void>({
      query: () => '/getUser',
      providesTags: ['User'],
    }),
  }),
});

registerApiReset(() => authApi.util.resetApiState());

export const { useGetUserQuery } = authApi;
