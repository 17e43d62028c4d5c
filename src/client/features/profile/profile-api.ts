import type { User } from '../../../shared/api-types';
import type { OfferTargets } from '../../../shared/invest';
import type { ExperienceLevel } from '../../../shared/investor-types';
import { api, authCall } from '../../api/base-api';

/**
 * PATCH /profile/{markets|interests|strategies} {updates: [ids]}, PATCH /profile/experience
 * {experience} and PATCH /profile/targets {cashOnCashPercent, flipProfitPercent} (docs/investor-api.md, "Profile"). Each answers the updated User and invalidates it.
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
    updateProfileTargets: build.mutation<User, OfferTargets>({
      query: (targets) => authCall({ url: '/profile/targets', method: 'PATCH', body: targets }),
      invalidatesTags: (_result, error) => (error ? [] : ['User']),
    }),
  }),
});

export const {
  useUpdateProfileStrategiesMutation,
  useUpdateProfileMarketsMutation,
  useUpdateProfileInterestsMutation,
  useUpdateProfileExperienceMutation,
  useUpdateProfileTargetsMutation,
} = profileApi;
