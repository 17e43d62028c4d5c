import type { AreaTrendsAnswer, MarketTrendsAnswer } from '../../../shared/schemas/market-trends';
import type { AreaBox } from '../../../shared/trends';
import { api, authCall } from '../../api/base-api';

/**
 * Market trends (issue 39; docs/markets.md) under /api/v1/auth: markets compared, the map's visible
 * area, and the ones the user follows. The aggregates change after imports, not while a page is open, so the
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
    /** The visible area's months, worked out when asked (areas up to MAX_AREA_DEGREES across). */
    areaTrends: build.query<AreaTrendsAnswer, AreaBox & { months: number }>({
      query: (params) => authCall({ url: '/market-trends/area', params }),
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

export const { useMarketTrendsQuery, useAreaTrendsQuery, useFollowedMarketsQuery } = marketsApi;
