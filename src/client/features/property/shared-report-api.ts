import type { AnalysisPdfRequest, NewSharedReport, SharedReport, SharedReportLink } from '../../../shared/schemas/shared-reports';
import { api, authCall, publicCall } from '../../api/base-api';

const forProperty = (propertyId: string) => ({ type: 'SharedReport' as const, id: `property:${propertyId}` });

/** Shared reports (docs/investor-api.md, "Shared reports"): the sharer's links, what a link opens, and the analysis PDF. */

/** The PDF of a shared link (no sign-in: a plain link downloads it). */
export const sharedPdfPath = (token: string) => `/api/v1/shared-reports/${encodeURIComponent(token)}/analysis.pdf`;
export const sharedReportApi = api.enhanceEndpoints({ addTagTypes: ['SharedReport'] }).injectEndpoints({
  endpoints: (build) => ({
    sharedReportLinks: build.query<SharedReportLink[], string>({
      query: (propertyId) => authCall({ url: '/shared-reports', params: { propertyId } }),
      providesTags: (_result, _error, propertyId) => [forProperty(propertyId)],
    }),
    shareReport: build.mutation<SharedReportLink, NewSharedReport>({
      query: (body) => authCall({ url: '/shared-reports', method: 'POST', body }),
      invalidatesTags: (_result, error, { propertyId }) => (error ? [] : [forProperty(propertyId)]),
    }),
    revokeSharedReport: build.mutation<SharedReportLink, { id: string; propertyId: string }>({
      query: ({ id }) => authCall({ url: `/shared-reports/${encodeURIComponent(id)}/revoke`, method: 'POST' }),
      invalidatesTags: (_result, _error, { propertyId }) => [forProperty(propertyId)],
    }),
    /** The analysis on screen as a PDF file: a blob: URL of it (the call needs the bearer token, so no bare link). */
    analysisPdf: build.mutation<string, AnalysisPdfRequest>({
      query: (body) =>
        authCall({
          url: '/analysis.pdf',
          method: 'POST',
          body,
          // An error's JSON body carries the message the toast shows.
          responseHandler: async (response): Promise<unknown> =>
            response.ok ? URL.createObjectURL(await response.blob()) : await response.json(),
        }),
    }),
    /** What a link opens, without a sign-in (each load counts a view). */
    sharedReport: build.query<SharedReport, string>({
      query: (token) => publicCall(`/shared-reports/${encodeURIComponent(token)}`),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useSharedReportLinksQuery,
  useShareReportMutation,
  useRevokeSharedReportMutation,
  useSharedReportQuery,
  useAnalysisPdfMutation,
} = sharedReportApi;
