import { createApi } from '@reduxjs/toolkit/query/react';
import type { Interest, Market, Rate, SessionResponse, Strategy } from '../../shared/api-types';
import { publicBaseQuery, registerApiReset } from './base-query';

export interface LoginRequest {
  username: string;
  password: string;
}
export interface SignupRequest {
  email: string;
  password: string;
}
export interface ResetPasswordRequest {
  password: string;
  passwordResetToken: string;
}

export type LookupName = 'investmentStrategies' | 'investmentMarkets' | 'investmentInterests';
export interface LookupTypes {
  investmentStrategies: Strategy;
  investmentMarkets: Market;
  investmentInterests: Interest;
}

/** Public calls (base /api/v1, 5 s). They never go through the re-auth path. */
export const publicApi = createApi({
  reducerPath: 'publicApi',
  baseQuery: publicBaseQuery,
  tagTypes: ['Lookup', 'Rate'],
  endpoints: (build) => ({
    login: build.mutation<SessionResponse, LoginRequest>({
      query: (body) => ({ url: '/login', method: 'POST', body }),
    }),
    signup: build.mutation<SessionResponse, SignupRequest>({
      query: (body) => ({ url: '/signup', method: 'POST', body }),
    }),
    logout: build.mutation<null, string>({
      query: (refreshToken) => ({ url: `/session/${encodeURIComponent(refreshToken)}`, method: 'DELETE' }),
    }),
    forgotPassword: build.mutation<null, { username: string }>({
      query: (body) => ({ url: '/forgot-password', method: 'POST', body }),
    }),
    checkResetToken: build.query<null, string>({
      query: (token) => ({ url: '/check-reset-token', params: { token } }),
      keepUnusedDataFor: 0,
    }),
    resetPassword: build.mutation<null, ResetPasswordRequest>({
      query: (body) => ({ url: '/reset-password', method: 'POST', body }),
    }),
    /** The latest rate of each mortgage product, longest term first. */
    latestRates: build.query<Rate[], void>({
      query: () => '/rates/latest',
      providesTags: ['Rate'],
    }),
    investmentStrategies: build.query<Strategy[], void>({
      query: () => '/lookups/investmentStrategies',
      providesTags: [{ type: 'Lookup', id: 'strategies' }],
    }),
    investmentMarkets: build.query<Market[], void>({
      query: () => '/lookups/investmentMarkets',
      providesTags: [{ type: 'Lookup', id: 'markets' }],
    }),
    investmentInterests: build.query<Interest[], void>({
      query: () => '/lookups/investmentInterests',
      providesTags: [{ type: 'Lookup', id: 'interests' }],
    }),
  }),
});

registerApiReset(() => publicApi.util.resetApiState());

export const {
  useLoginMutation,
  useSignupMutation,
  useLogoutMutation,
  useForgotPasswordMutation,
  useCheckResetTokenQuery,
  useResetPasswordMutation,
  useLatestRatesQuery,
  useInvestmentStrategiesQuery,
  useInvestmentMarketsQuery,
  useInvestmentInterestsQuery,
} = publicApi;
