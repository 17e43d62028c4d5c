import type { AccuracyRun, AccuracyRunAnswer, AccuracyStatus } from '../../../shared/schemas/accuracy';
import { adminCall, api } from '../../api/base-api';

/**
 * The admin "Accuracy" section (issue 37): the estimates' backtest status and "Run now", in the
 * admin scope. "Run now" puts the status it answers in the cache at once (the section polls fast
 * while the run goes) and makes the audit log stale (it is an entry).
 */

export type { AccuracyRun, AccuracyRunAnswer, AccuracyStatus };

export const accuracyAdminApi = api.enhanceEndpoints({ addTagTypes: ['AccuracyStatus', 'AuditLog'] }).injectEndpoints({
  endpoints: (build) => ({
    accuracyStatus: build.query<AccuracyStatus, void>({
      query: () => adminCall('/accuracy'),
      providesTags: ['AccuracyStatus'],
      keepUnusedDataFor: 0,
    }),
    runAccuracy: build.mutation<AccuracyRunAnswer, void>({
      query: () => adminCall({ url: '/accuracy/run', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(accuracyAdminApi.util.upsertQueryData('accuracyStatus', undefined, data.status));
        } catch {
          // The section shows the refusal from the mutation's own result.
        }
      },
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'AuditLog' as const, id: 'LIST' }]),
    }),
  }),
});

export const { useAccuracyStatusQuery, useRunAccuracyMutation } = accuracyAdminApi;
