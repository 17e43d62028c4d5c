import type { BackupFile, BackupRunAnswer, BackupStatus } from '../../../shared/schemas/backups';
import { adminCall, api } from '../../api/base-api';

/**
 * The admin "Backups" section: the backups' status and "Back up now", in the admin scope. "Back up
 * now" puts the status it answers in the cache at once (the section then polls while the backup is
 * written) and makes the audit log stale (it is an entry).
 */

export type { BackupFile, BackupRunAnswer, BackupStatus };

export const backupsApi = api.enhanceEndpoints({ addTagTypes: ['Backups', 'AuditLog'] }).injectEndpoints({
  endpoints: (build) => ({
    backups: build.query<BackupStatus, void>({
      query: () => adminCall('/backups'),
      providesTags: ['Backups'],
      keepUnusedDataFor: 0,
    }),
    backUpNow: build.mutation<BackupRunAnswer, void>({
      query: () => adminCall({ url: '/backups', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(backupsApi.util.upsertQueryData('backups', undefined, data.status));
        } catch {
          // The section shows the refusal from the mutation's own result.
        }
      },
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'AuditLog' as const, id: 'LIST' }]),
    }),
  }),
});

export const { useBackupsQuery, useBackUpNowMutation } = backupsApi;
