import {
  AccuracyOverview,
  AccuracyRunAnswer,
  AccuracyStatus,
  MarketAccuracy,
  MarketAccuracyParams,
} from '../../../shared/schemas/accuracy';
import { Envelope, ErrorBody, NoQuery } from '../../../shared/schemas/common';
import type { RouteOptions, RoutePlugin } from '../../http/route-context';
import { notFound } from '../../http/errors';
import { actorOf, writeAudit } from '../audit';
import { requireRole } from '../auth';
import type { AccuracyWorker } from './accuracy-worker';
import { createAccuracyService } from './service';

/** The audit log's id of the backtest (its entries are about the one job; the log's ids are UUIDs). */
export const ACCURACY_ENTITY_ID = '00000000-0000-4000-8000-000000000037';

export const ACCURACY_MESSAGES = {
  marketNotFound: (city: string, state: string) =>
    `No accuracy figures for ${city}, ${state.toUpperCase()}: the backtest measures the markets with sales or leases in the last 12 months (GET /api/v1/accuracy lists them)`,
} as const;

/**
 * The public accuracy figures under /api/v1 (no sign-in: aggregates only, as Zillow publishes its
 * accuracy table): every market, and one market with its errors' histogram and its ZIPs.
 */
export const accuracyRoutes: RoutePlugin = async (app, { ctx }) => {
  const accuracy = createAccuracyService(ctx.db);
  app.get('/accuracy', { schema: { querystring: NoQuery, response: { 200: Envelope(AccuracyOverview) } } }, async () => ({
    data: await accuracy.overview(),
  }));
  app.get(
    '/accuracy/markets/:state/:city',
    {
      schema: { params: MarketAccuracyParams, querystring: NoQuery, response: { 200: Envelope(MarketAccuracy), 404: ErrorBody } },
    },
    async (request) => {
      const { city, state } = request.params;
      const market = await accuracy.market(city, state);
      if (!market) throw notFound(ACCURACY_MESSAGES.marketNotFound(city, state));
      return { data: market };
    },
  );
};

export interface AccuracyAdminRouteOptions extends RouteOptions {
  worker: AccuracyWorker;
}

/** The admin "Accuracy" section under /api/v1/admin (Admin only): the backtest's runs, and "Run now" (audit-logged). */
export const accuracyAdminRoutes: RoutePlugin<AccuracyAdminRouteOptions> = async (app, { ctx, worker }) => {
  const accuracy = createAccuracyService(ctx.db);
  app.addHook('onRequest', ctx.authenticate);
  app.addHook('onRequest', requireRole('Admin'));

  app.get(
    '/accuracy',
    { schema: { querystring: NoQuery, response: { 200: Envelope(AccuracyStatus) } }, logLevel: 'warn' },
    async () => ({ data: await accuracy.status(ctx.config.accuracyHour) }),
  );

  app.post(
    '/accuracy/run',
    { schema: { querystring: NoQuery, response: { 202: Envelope(AccuracyRunAnswer) } } },
    async (request, reply) => {
      const started = await worker.runNow();
      await ctx.db
        .transaction()
        .execute((trx) =>
          writeAudit(trx, actorOf(request), [
            { action: 'run', entityType: 'accuracy', entityId: ACCURACY_ENTITY_ID, before: null, after: { started } },
          ]),
        );
      return reply.code(202).send({ data: { started, status: await accuracy.status(ctx.config.accuracyHour) } });
    },
  );
};
