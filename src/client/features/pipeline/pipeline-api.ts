import type { PipelineDeal, SavePipelineDeal, UpdatePipelineDeal } from '../../../shared/schemas/pipeline';
import { api, authCall } from '../../api/base-api';

const LIST = { type: 'PipelineDeal' as const, id: 'LIST' };
const forProperty = (propertyId: string) => ({ type: 'PipelineDeal' as const, id: `property:${propertyId}` });

/** The pipeline's calls (docs/investor-api.md, "Pipeline"); every change refreshes the list and the property's deal. */
export const pipelineApi = api.enhanceEndpoints({ addTagTypes: ['PipelineDeal'] }).injectEndpoints({
  endpoints: (build) => ({
    pipeline: build.query<PipelineDeal[], void>({
      query: () => authCall('/pipeline'),
      providesTags: [LIST],
    }),
    /** The caller's deal on a listing; null when it is in none (the server's 404). */
    pipelineDealOf: build.query<PipelineDeal | null, string>({
      query: (propertyId) =>
        authCall({
          url: `/pipeline/properties/${encodeURIComponent(propertyId)}`,
          validateStatus: (r) => r.ok || r.status === 404,
        }),
      // The base query unwraps `data`; a 404's body is the error, which means "in no stage".
      transformResponse: (body: PipelineDeal | { error: unknown } | null) => (body && '_id' in body ? body : null),
      providesTags: (_result, _error, propertyId) => [forProperty(propertyId)],
    }),
    savePipelineDeal: build.mutation<PipelineDeal, { propertyId: string; body: SavePipelineDeal }>({
      query: ({ propertyId, body }) =>
        authCall({ url: `/pipeline/properties/${encodeURIComponent(propertyId)}`, method: 'PUT', body }),
      invalidatesTags: (_result, error, { propertyId }) => (error ? [] : [LIST, forProperty(propertyId)]),
    }),
    updatePipelineDeal: build.mutation<PipelineDeal, { id: string; propertyId: string | null; changes: UpdatePipelineDeal }>({
      query: ({ id, changes }) => authCall({ url: `/pipeline/${encodeURIComponent(id)}`, method: 'PATCH', body: changes }),
      invalidatesTags: (_result, _error, { propertyId }) => [LIST, ...(propertyId ? [forProperty(propertyId)] : [])],
    }),
    removePipelineDeal: build.mutation<null, { id: string; propertyId: string | null }>({
      query: ({ id }) => authCall({ url: `/pipeline/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { propertyId }) => [LIST, ...(propertyId ? [forProperty(propertyId)] : [])],
    }),
    exportPipeline: build.mutation<string, { stages?: string }>({
      query: ({ stages }) =>
        authCall({ url: '/pipeline/export.csv', params: stages ? { stages } : {}, responseHandler: 'content-type' }),
    }),
  }),
});

export const {
  usePipelineQuery,
  usePipelineDealOfQuery,
  useSavePipelineDealMutation,
  useUpdatePipelineDealMutation,
  useRemovePipelineDealMutation,
  useExportPipelineMutation,
} = pipelineApi;
