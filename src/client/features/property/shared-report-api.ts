import type { NewSharedReport, SharedReport, SharedReportLink } from '../../../shared/schemas/shared-reports';
import { api, authCall, publicCall } from '../../api/base-api';

const forProperty = (propertyId: string) => ({ type: 'SharedReport' as const, id: `property:${propertyId}` });

/** Shared reports (docs/investor-api.md, "Shared reports"): the sharer's links, and what a link opens. */
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
    /** What a link opens, without a sign-in (each load counts a view). */
    sharedReport: build.query<SharedReport, string>({
      query: (token) => publicCall(`/shared-reports/${encodeURIComponent(token)}`),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useSharedReportLinksQuery, useShareReportMutation, useRevokeSharedReportMutation, useSharedReportQuery } =
  sharedReportApi;
