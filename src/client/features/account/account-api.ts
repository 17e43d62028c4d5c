import type { ChangePasswordBody, UserDetails } from '../../../shared/investor-types';
import { api, authCall } from '../../api/base-api';

/** GET/PATCH /userDetails and POST /changePassword (docs/investor-api.md, "Account"). */
export const accountApi = api.enhanceEndpoints({ addTagTypes: ['UserDetails'] }).injectEndpoints({
  endpoints: (build) => ({
    userDetails: build.query<UserDetails, void>({
      query: () => authCall('/userDetails'),
      providesTags: ['UserDetails'],
    }),
    /** The header reads the signed-in User, so a change refreshes it too. */
    updateUserDetails: build.mutation<UserDetails, UserDetails>({
      query: (body) => authCall({ url: '/userDetails', method: 'PATCH', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['UserDetails', 'User']),
    }),
    changePassword: build.mutation<{ message: string }, ChangePasswordBody>({
      query: (body) => authCall({ url: '/changePassword', method: 'POST', body }),
    }),
  }),
});

export const { useUserDetailsQuery, useUpdateUserDetailsMutation, useChangePasswordMutation } = accountApi;
