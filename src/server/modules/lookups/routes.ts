import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../../context';

/** Public catalogue lookups under /api/v1/lookups: active items only. */
export async function lookupsRoutes(app: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const lookups = ctx.services.lookups;
  const schema = { querystring: Type.Object({}) };
  app.get('/investmentStrategies', { schema }, async () => ({ data: await lookups.strategies() }));
  app.get('/investmentMarkets', { schema }, async () => ({ data: await lookups.markets() }));
  app.get('/investmentInterests', { schema }, async () => ({ data: await lookups.interests() }));
}
