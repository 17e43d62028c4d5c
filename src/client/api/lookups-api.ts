import type { Interest, Market, Rate, Strategy } from '../../shared/api-types';
import { api, publicCall } from './base-api';

/**
 * Public reference data several features read (public scope, /api/v1, 5 s): the latest rates
 * (dashboard, property page) and the catalogues (profile, map popup, property page). The admin
 * area invalidates the `Lookup` tags when it changes a catalogue.
 */
export const lookupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The latest rate of each mortgage product, longest term first. */
    latestRates: build.query<Rate[], void>({
      query: () => publicCall('/rates/latest'),
      providesTags: ['Rate'],
    }),
    investmentStrategies: build.query<Strategy[], void>({
      query: () => publicCall('/lookups/investmentStrategies'),
      providesTags: [{ type: 'Lookup', id: 'strategies' }],
    }),
    investmentMarkets: build.query<Market[], void>({
      query: () => publicCall('/lookups/investmentMarkets'),
      providesTags: [{ type: 'Lookup', id: 'markets' }],
    }),
    investmentInterests: build.query<Interest[], void>({
      query: () => publicCall('/lookups/investmentInterests'),
      providesTags: [{ type: 'Lookup', id: 'interests' }],
    }),
  }),
});

export const { useLatestRatesQuery, useInvestmentStrategiesQuery, useInvestmentMarketsQuery, useInvestmentInterestsQuery } =
  lookupsApi;
