import type { AreaTrendsAnswer, MarketTrendsAnswer } from '../../../shared/schemas/market-trends';
import { api, authCall } from '../../api/base-api';

/**
 * Market trends (issue 39; docs/markets.md) under /api/v1/auth: markets compared, the ones the user
 * follows, a visible area. The aggregates change after imports, not while a page is open, so the
 * answers are kept five minutes.
 */

export interface MarketTrendsArgs {
  /** Market ids (`city:austin|TX`, `zip:78701`), one to three. */
  markets: readonly string[];
  months?: number;
}

export const marketsApi = api.enhanceEndpoints({ addTagTypes: ['MarketTrends'] }).injectEndpoints({
  endpoints: (build) => ({
    marketTrends: build.query<MarketTrendsAnswer, MarketTrendsArgs>({
      query: ({ markets, months }) =>
        authCall({ url: '/market-trends', params: { markets: markets.join(','), ...(months ? { months } : {}) } }),
      providesTags: ['MarketTrends'],
      keepUnusedDataFor: 300,
    }),
    followedMarkets: build.query<MarketTrendsAnswer, void>({
      query: () => authCall('/market-trends/followed'),
      providesTags: ['MarketTrends', 'SavedSearch'],
      keepUnusedDataFor: 300,
    }),
    areaTrends: build.query<AreaTrendsAnswer, { north: number; south: number; east: number; west: number; months?: number }>({
      query: (params) => authCall({ url: '/market-trends/area', params }),
      keepUnusedDataFor: 300,
    }),
  }),
});

export const { useMarketTrendsQuery, useFollowedMarketsQuery, useAreaTrendsQuery } = marketsApi;
