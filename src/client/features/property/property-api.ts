import { api, authCall } from '../../api/base-api';
import type { Property } from '../../../shared/schemas/property';

/** GET /auth/property/{id}: one property with its market's assumption overrides. */
export const propertyApi = api.injectEndpoints({
  endpoints: (build) => ({
    property: build.query<Property, string>({
      query: (id) => authCall(`/property/${encodeURIComponent(id)}`),
    }),
  }),
});

export const { usePropertyQuery } = propertyApi;
