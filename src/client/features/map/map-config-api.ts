import { publicApi } from '../../api/public-api';
import type { MapConfig } from './map-types';

/** GET /api/v1/config (public): the Maps key and map id come from the server, never from the bundle. */
export const mapConfigApi = publicApi.injectEndpoints({
  endpoints: (build) => ({
    mapConfig: build.query<MapConfig, void>({
      query: () => '/config',
    }),
  }),
});

export const { useMapConfigQuery } = mapConfigApi;
