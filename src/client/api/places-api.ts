import type { GeocodeAnswer } from '../../shared/schemas/places';
import { api, authCall } from './base-api';

/**
 * Our own geocoding of a city, a ZIP or "City, ST" among the listings' places (no Maps key needed):
 * the search page's keyless search and the markets page's picker both find places with it.
 */
export const placesApi = api.injectEndpoints({
  endpoints: (build) => ({
    geocode: build.query<GeocodeAnswer, string>({
      query: (q) => authCall({ url: '/geocode', params: { q } }),
    }),
  }),
});

export const { useGeocodeQuery, useLazyGeocodeQuery } = placesApi;
