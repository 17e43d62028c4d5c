import { api, authCall } from '../../api/base-api';
import type { MapProperty } from '../map';

/** GET /auth/property/{id}: one property with its market's assumption overrides. */
export const propertyApi = api.injectEndpoints({
  endpoints: (build) => ({
    property: build.query<MapProperty, string>({
      query: (id) => authCall(`/property/${encodeURIComponent(id)}`),
    }),
  }),
});

export const { usePropertyQuery } = propertyApi;
