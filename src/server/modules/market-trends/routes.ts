import { Envelope, ErrorBody, NoQuery } from '../../../shared/schemas/common';
import { AreaTrendsAnswer, AreaTrendsQuery, MarketTrendsAnswer, MarketTrendsQuery } from '../../../shared/schemas/market-trends';
import type { RoutePlugin } from '../../http/route-context';
import { createMarketTrendsService } from './service';

/**
 * Under /api/v1/auth: a market's monthly series, or up to three compared (from the aggregates), and
 * the cities the user's saved searches look at (the dashboard's), and the visible area's (computed when asked, for areas up to MAX_AREA_DEGREES across).
 */
export const marketTrendsRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get(
    '/market-trends',
    { schema: { querystring: MarketTrendsQuery, response: { 200: Envelope(MarketTrendsAnswer), 404: ErrorBody } } },
    async (request) => ({
      data: await ctx.reads.run((db) => createMarketTrendsService(db).series(request.query.markets, request.query.months)),
    }),
  );
  app.get(
    '/market-trends/followed',
    { schema: { querystring: NoQuery, response: { 200: Envelope(MarketTrendsAnswer) } } },
    async (request) => ({ data: await ctx.reads.run((db) => createMarketTrendsService(db).followed(request.auth!.userId)) }),
  );
  app.get(
    '/market-trends/area',
    { schema: { querystring: AreaTrendsQuery, response: { 200: Envelope(AreaTrendsAnswer) } } },
    async (request) => ({ data: await ctx.reads.run((db) => createMarketTrendsService(db).area(request.query)) }),
  );
};
