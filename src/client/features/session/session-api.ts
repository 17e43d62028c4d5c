import type { User } from '../../../shared/api-types';
import { SIGNED_IN_USER, api, authCall, publicCall } from '../../api/base-api';

/** The signed-in user (auth scope) and sign-out (public scope). */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUser: build.query<User, void>({
      query: () => authCall('/getUser'),
      providesTags: [SIGNED_IN_USER],
    }),
    /** DELETE /session/{refreshToken}: revokes the session on the server. */
    logout: build.mutation<null, string>({
      query: (refreshToken) => publicCall({ url: `/session/${encodeURIComponent(refreshToken)}`, method: 'DELETE' }),
    }),
  }),
});

export const { useGetUserQuery, useLogoutMutation } = sessionApi;
