import type { SessionResponse } from '../../../shared/api-types';
import { api, publicCall } from '../../api/base-api';

import type { LoginRequest, ResetPasswordRequest, SignupRequest } from '../../../shared/schemas/auth';

/** Sign-in, sign-up and the password reset flow (public scope: never re-authenticated). */
export const authPagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<SessionResponse, LoginRequest>({
      query: (body) => publicCall({ url: '/login', method: 'POST', body }),
    }),
    signup: build.mutation<SessionResponse, SignupRequest>({
      query: (body) => publicCall({ url: '/signup', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<null, { username: string }>({
      query: (body) => publicCall({ url: '/forgot-password', method: 'POST', body }),
    }),
    checkResetToken: build.query<null, string>({
      query: (token) => publicCall({ url: '/check-reset-token', params: { token } }),
      keepUnusedDataFor: 0,
    }),
    resetPassword: build.mutation<null, ResetPasswordRequest>({
      query: (body) => publicCall({ url: '/reset-password', method: 'POST', body }),
    }),
  }),
});

export const {
  useLoginMutation,
  useSignupMutation,
  useForgotPasswordMutation,
  useCheckResetTokenQuery,
  useResetPasswordMutation,
} = authPagesApi;
