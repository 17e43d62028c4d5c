import type { User } from '../../../shared/api-types';
import type { ExperienceLevel } from '../../../shared/investor-types';
import { api, authCall } from '../../api/base-api';

/**
 * PATCH /profile/{markets|interests|strategies} {updates: [ids]} and PATCH /profile/experience
 * {experience} (docs/investor-api.md, "Profile"). Each answers the updated User and invalidates it.
 */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateProfileStrategies: build.mutation<User, string[]>({
      query: (updates) => authCall({ url: '/profile/strategies', method: 'PATCH', body: { updates } }),
      invalidatesTags: ['User'],
    }),
    updateProfileMarkets: build.mutation<User, string[]>({
      query: (updates) => authCall({ url: '/profile/markets', method: 'PATCH', body: { updates } }),
      invalidatesTags: ['User'],
    }),
    updateProfileInterests: build.mutation<User, string[]>({
      query: (updates) => authCall({ url: '/profile/interests', method: 'PATCH', body: { updates } }),
      invalidatesTags: ['User'],
    }),
    updateProfileExperience: build.mutation<User, ExperienceLevel | null>({
      query: (experience) => authCall({ url: '/profile/experience', method: 'PATCH', body: { experience } }),
      invalidatesTags: (_result, error) => (error ? [] : ['User']),
    }),
  }),
});

export const {
  useUpdateProfileStrategiesMutation,
  useUpdateProfileMarketsMutation,
  useUpdateProfileInterestsMutation,
  useUpdateProfileExperienceMutation,
} = profileApi;
