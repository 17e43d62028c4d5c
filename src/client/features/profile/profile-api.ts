import type { User } from '../../../shared/api-types';
import type { ExperienceLevel } from '../../../shared/investor-types';
import { authApi } from '../../api/auth-api';

/** PATCH /profile/experience {experience} answers the updated User (docs/investor-api.md, "Profile"). */
export const profileApi = authApi.injectEndpoints({
  endpoints: (build) => ({
    updateProfileExperience: build.mutation<User, ExperienceLevel | null>({
      query: (experience) => ({ url: '/profile/experience', method: 'PATCH', body: { experience } }),
      invalidatesTags: (_result, error) => (error ? [] : ['User']),
    }),
  }),
});

export const { useUpdateProfileExperienceMutation } = profileApi;
