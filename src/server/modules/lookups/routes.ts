import { Type } from '@sinclair/typebox';
import { Interest, Market, Strategy } from '../../../shared/schemas/catalog';
import { Envelope, NoQuery } from '../../../shared/schemas/common';
import type { RouteOptions, RoutePlugin } from '../../http/route-context';
import type { LookupsService } from './service';

/** Public catalogue lookups under /api/v1/lookups: active items only. */
export const lookupsRoutes: RoutePlugin<RouteOptions & { lookups: LookupsService }> = async (app, { lookups }) => {
  const list = <T extends typeof Strategy | typeof Market | typeof Interest>(item: T) => ({
    schema: { querystring: NoQuery, response: { 200: Envelope(Type.Array(item)) } },
  });
  app.get('/investmentStrategies', list(Strategy), async () => ({ data: await lookups.strategies() }));
  app.get('/investmentMarkets', list(Market), async () => ({ data: await lookups.markets() }));
  app.get('/investmentInterests', list(Interest), async () => ({ data: await lookups.interests() }));
};
