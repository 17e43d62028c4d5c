import type {
  AddPortfolioProperty,
  Portfolio,
  PortfolioActuals,
  PortfolioImportResult,
  PortfolioPropertyDetail,
  UpdatePortfolioProperty,
} from '../../../shared/schemas/portfolio';
import { api, authCall } from '../../api/base-api';

const LIST = { type: 'Portfolio' as const, id: 'LIST' };
const property = (id: string) => ({ type: 'Portfolio' as const, id });
const path = (id: string) => `/portfolio/properties/${encodeURIComponent(id)}`;

/**
 * The portfolio's calls (docs/investor-api.md, "Portfolio"). A property's change moves the whole
 * portfolio's totals and history too, so every successful change refreshes the list and that property.
 */
export const portfolioApi = api.enhanceEndpoints({ addTagTypes: ['Portfolio'] }).injectEndpoints({
  endpoints: (build) => ({
    portfolio: build.query<Portfolio, void>({
      query: () => authCall('/portfolio'),
      providesTags: [LIST],
    }),
    portfolioProperty: build.query<PortfolioPropertyDetail, string>({
      query: (id) => authCall(path(id)),
      providesTags: (_result, _error, id) => [property(id)],
    }),
    addPortfolioProperty: build.mutation<PortfolioPropertyDetail, AddPortfolioProperty>({
      query: (body) => authCall({ url: '/portfolio/properties', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST]),
    }),
    updatePortfolioProperty: build.mutation<PortfolioPropertyDetail, { id: string; changes: UpdatePortfolioProperty }>({
      query: ({ id, changes }) => authCall({ url: path(id), method: 'PATCH', body: changes }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [LIST, property(id)]),
    }),
    // The removed property's own query is not invalidated: asking again would only answer 404.
    removePortfolioProperty: build.mutation<null, string>({
      query: (id) => authCall({ url: path(id), method: 'DELETE' }),
      invalidatesTags: [LIST],
    }),
    savePortfolioMonth: build.mutation<PortfolioPropertyDetail, { id: string; month: string; actuals: PortfolioActuals }>({
      query: ({ id, month, actuals }) =>
        authCall({ url: `${path(id)}/months/${encodeURIComponent(month)}`, method: 'PUT', body: actuals }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [LIST, property(id)]),
    }),
    removePortfolioMonth: build.mutation<PortfolioPropertyDetail, { id: string; month: string }>({
      query: ({ id, month }) => authCall({ url: `${path(id)}/months/${encodeURIComponent(month)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [LIST, property(id)]),
    }),
    importPortfolioActuals: build.mutation<PortfolioImportResult, { id: string; csv: string }>({
      query: ({ id, csv }) => authCall({ url: `${path(id)}/actuals.csv`, method: 'POST', body: { csv } }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [LIST, property(id)]),
    }),
    importPortfolio: build.mutation<PortfolioImportResult, string>({
      query: (csv) => authCall({ url: '/portfolio/import.csv', method: 'POST', body: { csv } }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST]),
    }),
  }),
});

export const {
  usePortfolioQuery,
  usePortfolioPropertyQuery,
  useAddPortfolioPropertyMutation,
  useUpdatePortfolioPropertyMutation,
  useRemovePortfolioPropertyMutation,
  useSavePortfolioMonthMutation,
  useRemovePortfolioMonthMutation,
  useImportPortfolioActualsMutation,
  useImportPortfolioMutation,
} = portfolioApi;
