import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../../context';

/** GET /api/v1/config (public): what the client needs from the server's configuration. */
export async function configRoutes(app: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  app.get('/config', { schema: { querystring: Type.Object({}) } }, async () => ({
    data: {
      googleMapsApiKey: ctx.config.googleMapsApiKey ?? null,
      googleMapsMapId: ctx.config.googleMapsMapId ?? null,
    },
  }));
}
