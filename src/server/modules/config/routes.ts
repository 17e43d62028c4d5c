import { Envelope, NoQuery } from '../../../shared/schemas/common';
import { ClientConfig } from '../../../shared/schemas/config';
import type { RoutePlugin } from '../../http/route-context';

/** GET /api/v1/config (public): what the client needs from the server's configuration. */
export const configRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get('/config', { schema: { querystring: NoQuery, response: { 200: Envelope(ClientConfig) } } }, async () => ({
    data: {
      googleMapsApiKey: ctx.config.googleMapsApiKey ?? null,
      googleMapsMapId: ctx.config.googleMapsMapId ?? null,
      googleMapsChannel: ctx.config.googleMapsChannel ?? null,
    },
  }));
};
