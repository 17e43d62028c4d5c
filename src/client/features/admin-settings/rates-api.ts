import type { Paged } from '../../../shared/schemas/common';
import type { NewRate, Rate, RatesImportReport, RatesStatus } from '../../../shared/schemas/rates';
import { adminCall, api } from '../../api/base-api';

/**
 * The admin Rates section (docs/admin-api.md, "Rates"), in the admin scope. Every change refreshes
 * the list, the latest rates the dashboard and the property page read (the `Rate` tag) and the
 * status (a new latest 30-year rate starts a re-pricing).
 */

export interface RatesListArgs {
  q: string;
  page: number;
  pageSize: number;
  sort?: string;
}

export type RatePayload = NewRate;
export type { Rate, RatesImportReport, RatesStatus };

/**
 * What a write makes stale: the rates (admin list, latest rates), the status (it may have started a
 * re-pricing) and the audit log (every rate change is an entry).
 */
const CHANGED = ['Rate' as const, 'RatesStatus' as const, { type: 'AuditLog' as const, id: 'LIST' }];

/** How often the Rates screen asks how far a re-pricing or a feed fetch has got. */
export const STATUS_POLL_MS = 1000;

export const ratesAdminApi = api.enhanceEndpoints({ addTagTypes: ['RatesStatus', 'AuditLog'] }).injectEndpoints({
  endpoints: (build) => ({
    adminRates: build.query<Paged<Rate>, RatesListArgs>({
      query: ({ q, page, pageSize, sort }) =>
        adminCall({ url: '/rates', params: { ...(q ? { q } : {}), page, pageSize, ...(sort ? { sort } : {}) } }),
      providesTags: ['Rate'],
    }),
    adminRate: build.query<Rate, string>({
      query: (id) => adminCall(`/rate/${encodeURIComponent(id)}`),
      providesTags: ['Rate'],
      keepUnusedDataFor: 0,
    }),
    ratesStatus: build.query<RatesStatus, void>({
      query: () => adminCall('/rates/status'),
      providesTags: ['RatesStatus'],
      keepUnusedDataFor: 0,
    }),
    createRate: build.mutation<Rate, RatePayload>({
      query: (body) => adminCall({ url: '/rate', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : CHANGED),
    }),
    updateRate: build.mutation<Rate, { id: string; body: RatePayload }>({
      query: ({ id, body }) => adminCall({ url: `/rate/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: (_r, error) => (error ? [] : CHANGED),
    }),
    deleteRate: build.mutation<null, string>({
      query: (id) => adminCall({ url: `/rate/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : CHANGED),
    }),
    importRates: build.mutation<RatesImportReport, { csv: string; dryRun: boolean }>({
      query: (body) => adminCall({ url: '/rates/import', method: 'POST', body }),
      invalidatesTags: (_r, error, { dryRun }) => (error || dryRun ? [] : CHANGED),
    }),
  }),
});

export const {
  useAdminRatesQuery,
  useAdminRateQuery,
  useRatesStatusQuery,
  useCreateRateMutation,
  useUpdateRateMutation,
  useDeleteRateMutation,
  useImportRatesMutation,
} = ratesAdminApi;
