import type { ListingFeedRun, ListingFeedStatus, ListingFeedSyncAnswer } from '../../../shared/schemas/listing-feed';
import { adminCall, api } from '../../api/base-api';

/**
 * The admin "Listing feed" section (issue 30): the MLS feed's status and "Sync now", in the admin
 * scope. The status is polled by the section; "Sync now" puts the status it answers in the cache at
 * once (so the section shows the run and polls fast) and makes the audit log stale (it is an entry).
 */

export type { ListingFeedRun, ListingFeedStatus, ListingFeedSyncAnswer };

export const listingFeedApi = api.enhanceEndpoints({ addTagTypes: ['ListingFeed', 'AuditLog'] }).injectEndpoints({
  endpoints: (build) => ({
    listingFeed: build.query<ListingFeedStatus, void>({
      query: () => adminCall('/listing-feed'),
      providesTags: ['ListingFeed'],
      keepUnusedDataFor: 0,
    }),
    syncListingFeed: build.mutation<ListingFeedSyncAnswer, void>({
      query: () => adminCall({ url: '/listing-feed/sync', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(listingFeedApi.util.upsertQueryData('listingFeed', undefined, data.status));
        } catch {
          // The section shows the refusal (e.g. 409: no RESO_API_URL) from the mutation's own result.
        }
      },
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'AuditLog' as const, id: 'LIST' }]),
    }),
  }),
});

export const { useListingFeedQuery, useSyncListingFeedMutation } = listingFeedApi;
