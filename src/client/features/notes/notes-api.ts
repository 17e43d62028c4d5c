import { api, authCall } from '../../api/base-api';
import type { Note, SaveNote } from '../../../shared/schemas/notes';

const noteTag = (propertyId: string | null) => ({ type: 'Note' as const, id: propertyId ?? 'general' });

/** The signed-in user's notes on the server (GET / PUT /auth/notes): general, or on a property. */
export const notesApi = api.enhanceEndpoints({ addTagTypes: ['Note'] }).injectEndpoints({
  endpoints: (build) => ({
    note: build.query<Note, string | null>({
      query: (propertyId) => authCall({ url: '/notes', params: propertyId ? { propertyId } : {} }),
      providesTags: (_result, _error, propertyId) => [noteTag(propertyId)],
    }),
    saveNote: build.mutation<Note, SaveNote & { propertyId: string | null }>({
      query: (body) => authCall({ url: '/notes', method: 'PUT', body }),
      // The answer is the note as saved: put it in the cache rather than ask again.
      async onQueryStarted({ propertyId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        void dispatch(notesApi.util.upsertQueryData('note', propertyId, data));
      },
    }),
  }),
});

export const { useNoteQuery, useSaveNoteMutation } = notesApi;
