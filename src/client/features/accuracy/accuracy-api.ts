import type { AccuracyOverview, MarketAccuracy } from '../../../shared/schemas/accuracy';
import { api, publicCall } from '../../api/base-api';

/**
 * The estimates' measured accuracy (issue 37; docs/accuracy.md), in the public scope: no sign-in,
 * aggregates only. The `Accuracy` tag is made stale when an admin's backtest run finishes.
 */

export type { AccuracyOverview, MarketAccuracy };

/** A market as the routes name it: its city and two-letter state. */
export interface MarketKey {
  city: string;
  state: string;
}

export const accuracyApi = api.enhanceEndpoints({ addTagTypes: ['Accuracy'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /accuracy: every market and all of them together; `run` null before the first backtest. */
    accuracyOverview: build.query<AccuracyOverview, void>({
      query: () => publicCall('/accuracy'),
      providesTags: [{ type: 'Accuracy', id: 'LIST' }],
    }),
    /** GET /accuracy/markets/:state/:city: one market's figures, histograms and ZIPs; 404 when it was not measured. */
    marketAccuracy: build.query<MarketAccuracy, MarketKey>({
      query: ({ city, state }) =>
        publicCall(`/accuracy/markets/${encodeURIComponent(state.toLowerCase())}/${encodeURIComponent(city)}`),
      providesTags: (_r, _e, { city, state }) => [{ type: 'Accuracy', id: `${state.toUpperCase()}|${city.toLowerCase()}` }],
    }),
  }),
});

export const { useAccuracyOverviewQuery, useMarketAccuracyQuery } = accuracyApi;

/** A market's page: /accuracy/TX/Austin. */
export const marketPath = ({ city, state }: MarketKey): string =>
  `/accuracy/${encodeURIComponent(state.toUpperCase())}/${encodeURIComponent(city)}`;
