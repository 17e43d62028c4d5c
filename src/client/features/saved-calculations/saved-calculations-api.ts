import type { NewSavedCalculation, SavedCalculation } from '../../../shared/investor-types';
import { api, authCall } from '../../api/base-api';

const LIST = { type: 'SavedCalculation' as const, id: 'LIST' };

/**
 * The saved calculations calls (docs/investor-api.md, "Saved calculations"), injected into the auth
 * slice. Every change invalidates the list, so the dashboard's list and an open calculation refresh.
 */
export const savedCalculationsApi = api.enhanceEndpoints({ addTagTypes: ['SavedCalculation'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The caller's saved calculations, newest first. */
    savedCalculations: build.query<SavedCalculation[], void>({
      query: () => authCall('/saved-calculations/all'),
      providesTags: (result) => [LIST, ...(result ?? []).map((c) => ({ type: 'SavedCalculation' as const, id: c._id }))],
    }),
    savedCalculation: build.query<SavedCalculation, string>({
      query: (id) => authCall(`/saved-calculations/${encodeURIComponent(id)}`),
      providesTags: (_result, _error, id) => [{ type: 'SavedCalculation', id }],
    }),
    saveCalculation: build.mutation<SavedCalculation, NewSavedCalculation>({
      query: (body) => authCall({ url: '/saved-calculations', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST]),
    }),
    renameSavedCalculation: build.mutation<SavedCalculation, { id: string; name: string }>({
      query: ({ id, name }) =>
        authCall({ url: `/saved-calculations/${encodeURIComponent(id)}`, method: 'PATCH', body: { name } }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [LIST, { type: 'SavedCalculation', id }]),
    }),
    deleteSavedCalculation: build.mutation<null, string>({
      query: (id) => authCall({ url: `/saved-calculations/${encodeURIComponent(id)}`, method: 'DELETE' }),
      // Even a failure refreshes the list (a 404 means another tab deleted it). The entry's own query
      // is not invalidated: refetching it would only answer 404.
      invalidatesTags: [LIST],
    }),
  }),
});

export const {
  useSavedCalculationsQuery,
  useSavedCalculationQuery,
  useSaveCalculationMutation,
  useRenameSavedCalculationMutation,
  useDeleteSavedCalculationMutation,
} = savedCalculationsApi;
