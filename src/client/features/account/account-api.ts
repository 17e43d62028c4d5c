import type { ChangePasswordBody, UserDetails } from '../../../shared/investor-types';
import { authApi } from '../../api/auth-api';

/** GET/PATCH /userDetails and POST /changePassword (docs/investor-api.md, "Account"). */
export const accountApi = authApi.enhanceEndpoints({ addTagTypes: ['UserDetails'] }).injectEndpoints({
  endpoints: (build) => ({
    userDetails: build.query<UserDetails, void>({
      query: () => '/userDetails',
      providesTags: ['UserDetails'],
    }),
    /** The header reads the signed-in User, so a change refreshes it too. */
    updateUserDetails: build.mutation<UserDetails, UserDetails>({
      query: (body) => ({ url: '/userDetails', method: 'PATCH', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['UserDetails', 'User']),
    }),
    changePassword: build.mutation<{ message: string }, ChangePasswordBody>({
      query: (body) => ({ url: '/changePassword', method: 'POST', body }),
    }),
  }),
});

export const { useUserDetailsQuery, useUpdateUserDetailsMutation, useChangePasswordMutation } = accountApi;
