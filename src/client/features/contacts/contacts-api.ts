import type { Contact, ContactInput, ContactProperty } from '../../../shared/investor-types';
import { api, authCall } from '../../api/base-api';

/** The agent's contacts (docs/investor-api.md, "Contacts"): Agents only, 403 for everyone else. */
export const contactsApi = api.enhanceEndpoints({ addTagTypes: ['Contact'] }).injectEndpoints({
  endpoints: (build) => ({
    /** `q` matches name, email, phone or notes; '' lists them all, sorted by name. */
    contacts: build.query<Contact[], string>({
      query: (q) => authCall({ url: '/contacts', params: q ? { q } : {} }),
      providesTags: (result) => [
        { type: 'Contact', id: 'LIST' },
        ...(result ?? []).map((c) => ({ type: 'Contact' as const, id: c._id })),
      ],
    }),
    createContact: build.mutation<Contact, ContactInput>({
      query: (body) => authCall({ url: '/contacts', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Contact', id: 'LIST' }]),
    }),
    updateContact: build.mutation<Contact, { id: string; body: ContactInput }>({
      query: ({ id, body }) => authCall({ url: `/contacts/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: (_result, error, { id }) =>
        error
          ? []
          : [
              { type: 'Contact', id: 'LIST' },
              { type: 'Contact', id },
            ],
    }),
    deleteContact: build.mutation<null, string>({
      query: (id) => authCall({ url: `/contacts/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, id) =>
        error
          ? []
          : [
              { type: 'Contact', id: 'LIST' },
              { type: 'Contact', id },
            ],
    }),
    /** Up to 20 properties whose address contains `q` (2 characters or more). */
    contactPropertyOptions: build.query<ContactProperty[], string>({
      query: (q) => authCall({ url: '/contacts/property-options', params: { q } }),
      keepUnusedDataFor: 30,
    }),
  }),
});

export const {
  useContactsQuery,
  useCreateContactMutation,
  useUpdateContactMutation,
  useDeleteContactMutation,
  useContactPropertyOptionsQuery,
} = contactsApi;
