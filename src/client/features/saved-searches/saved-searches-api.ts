import type { NewSavedSearch, SavedSearch, SavedSearchChanges } from '../../../shared/schemas/alerts';
import { api, authCall } from '../../api/base-api';

const LIST = { type: 'SavedSearch' as const, id: 'LIST' };
const path = (id: string) => `/saved-searches/${encodeURIComponent(id)}`;

/**
 * The saved searches calls (docs/investor-api.md, "Saved searches"). Every change invalidates the
 * list, so the dashboard's card shows the new name, alert and new counts.
 */
export const savedSearchesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The caller's saved searches, newest first, each with its matches since last looked at. */
    savedSearches: build.query<SavedSearch[], void>({
      query: () => authCall('/saved-searches'),
      providesTags: (result) => [LIST, ...(result ?? []).map((s) => ({ type: 'SavedSearch' as const, id: s._id }))],
    }),
    createSavedSearch: build.mutation<SavedSearch, NewSavedSearch>({
      query: (body) => authCall({ url: '/saved-searches', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST]),
    }),
    updateSavedSearch: build.mutation<SavedSearch, { id: string; changes: SavedSearchChanges }>({
      query: ({ id, changes }) => authCall({ url: path(id), method: 'PATCH', body: changes }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [LIST, { type: 'SavedSearch', id }]),
    }),
    deleteSavedSearch: build.mutation<null, string>({
      query: (id) => authCall({ url: path(id), method: 'DELETE' }),
      // Even a failure refreshes the list (a 404 means another tab deleted it).
      invalidatesTags: [LIST],
    }),
    /** The user opened it: its new count starts again from zero and its notifications are read. */
    markSavedSearchViewed: build.mutation<SavedSearch, string>({
      query: (id) => authCall({ url: `${path(id)}/viewed`, method: 'POST' }),
      // Viewing a search also marks its notifications read: the bell's count follows.
      invalidatesTags: (_result, error, id) => (error ? [] : [LIST, { type: 'SavedSearch', id }, 'Notifications']),
    }),
  }),
});

export const {
  useSavedSearchesQuery,
  useCreateSavedSearchMutation,
  useUpdateSavedSearchMutation,
  useDeleteSavedSearchMutation,
  useMarkSavedSearchViewedMutation,
} = savedSearchesApi;
