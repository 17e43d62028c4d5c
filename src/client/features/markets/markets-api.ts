import type { MarketTrendsAnswer } from '../../../shared/schemas/market-trends';
import { api, authCall } from '../../api/base-api';

/**
 * Market trends (issue 39; docs/markets.md) under /api/v1/auth: markets compared, and the ones the
 * user follows. The aggregates change after imports, not while a page is open, so the
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
  }),
});

export const { useMarketTrendsQuery, useFollowedMarketsQuery } = marketsApi;
