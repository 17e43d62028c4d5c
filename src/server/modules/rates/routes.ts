import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { IMPORT_MAX_BYTES } from '../../../shared/admin-constants';
import { NO_FEED } from '../../../shared/rates-feed';
import { Envelope, ErrorBody, ErrorBodyWith, IdParams, NoContent, NoQuery } from '../../../shared/schemas/common';
import {
  NewRate,
  Rate,
  RateForm,
  RatesImportReport,
  RatesImportRequest,
  RatesListQuery,
  RatesPage,
  PricingStatus,
  RatesStatus,
} from '../../../shared/schemas/rates';
import type { RouteOptions, RoutePlugin } from '../../http/route-context';
import type { RepriceStatus } from '../../../shared/schemas/rates';
import { requireRole } from '../auth';
import { actorOf } from '../audit';
import { notFound } from '../../http/errors';
import { checkId } from '../../http/ids';
import type { Db } from '../../db/database';
import { RatesFeed, registerRatesFeed } from './feed';
import { createRatesRepository } from './repository';
import { checkPmmsFile, createRate, editRate, importPmmsFile, latestRates, rateValues, removeRate, upsertRate } from './service';

/**
 * GET /api/v1/rates/latest (public) and the admin Rates section under /api/v1/admin (Admin only):
 * list, add (POST /admin/rates replaces the same product and week), edit, delete, import a PMMS
 * history CSV (a dry run is the preview) and the status the screen polls (re-pricing progress and
 * the RATES_FEED_URL feed). A write that changes the latest 30-year rate re-prices every listing in
 * the background.
 */
/** An import body carries the file as a JSON string: room for the largest file even when escaping doubles it. */
const IMPORT_BODY_LIMIT = 2 * IMPORT_MAX_BYTES + 64 * 1024;

/** The background re-pricer of the listings (listings' RateRecomputer), which a new latest rate kicks. */
export interface Repricer {
  kick(): void;
  /** Kicks when some listings were computed at another rate (server start). */
  kickIfStale(): Promise<void>;
  status(): Promise<RepriceStatus & { version: number }>;
  stop(): Promise<void>;
}

export interface RatesRouteOptions extends RouteOptions {
  repricer: Repricer;
}

export const ratesRoutes: RoutePlugin<RatesRouteOptions> = async (app, { ctx, repricer: recomputer }) => {
  const rates = createRatesRepository(ctx.db);
  const feed = ctx.config.ratesFeedUrl
    ? new RatesFeed({
        db: ctx.db,
        locks: ctx.cluster,
        url: ctx.config.ratesFeedUrl,
        onNewLatestRate: () => recomputer.kick(),
        log: app.log,
      })
    : null;
  if (feed) registerRatesFeed(ctx, feed);
  app.addHook('onReady', async () => {
    // Results computed at an older rate (a rate added while the server was down): catch up.
    recomputer.kickIfStale().catch((error: unknown) => app.log.error({ err: error }, 'Checking listings for a new rate failed'));
    feed?.start();
  });
  app.addHook('onClose', async () => {
    await feed?.stop();
    await recomputer.stop();
  });

  /** Runs a write; re-prices the listings when it changed the latest 30-year rate. */
  const repricing = async <T>(write: (db: Db) => Promise<T>): Promise<T> => {
    const before = await rates.latestRate();
    const result = await write(ctx.db);
    if ((await rates.latestRate()) !== before) recomputer.kick();
    return result;
  };

  app.get(
    '/rates/pricing',
    { schema: { querystring: NoQuery, response: { 200: Envelope(PricingStatus) } }, logLevel: 'warn' },
    async () => {
      const [rate, status] = await Promise.all([rates.latestRate(), recomputer.status()]);
      return { data: { rate, repricing: status.running, version: status.version } };
    },
  );

  app.get('/rates/latest', { schema: { querystring: NoQuery, response: { 200: Envelope(Type.Array(Rate)) } } }, async () => ({
    data: await latestRates(ctx.db),
  }));

  await app.register(
    async (plugin) => {
      const admin = plugin.withTypeProvider<TypeBoxTypeProvider>();
      admin.addHook('onRequest', ctx.authenticate);
      admin.addHook('onRequest', requireRole('Admin'));

      admin.get(
        '/rates',
        { schema: { querystring: RatesListQuery, response: { 200: Envelope(RatesPage) } } },
        async (request) => ({
          data: await rates.listRates(request.query),
        }),
      );

      admin.get('/rates/status', { schema: { querystring: NoQuery, response: { 200: Envelope(RatesStatus) } } }, async () => ({
        data: {
          reprice: await recomputer.status(),
          feed: feed ? await feed.status() : NO_FEED,
        },
      }));

      admin.post(
        '/rates',
        { schema: { body: NewRate, querystring: NoQuery, response: { 200: Envelope(Rate), 201: Envelope(Rate) } } },
        async (request, reply) => {
          const values = rateValues(request.body);
          const { rate, created } = await repricing((db) => upsertRate(db, values, actorOf(request)));
          return reply.code(created ? 201 : 200).send({ data: rate });
        },
      );

      admin.post(
        '/rate',
        { schema: { body: RateForm, querystring: NoQuery, response: { 201: Envelope(Rate), 409: ErrorBody } } },
        async (request, reply) => {
          const values = rateValues(request.body);
          return reply.code(201).send({ data: await repricing((db) => createRate(db, values, actorOf(request))) });
        },
      );

      admin.get(
        '/rate/:id',
        { schema: { params: IdParams, querystring: NoQuery, response: { 200: Envelope(Rate), 404: ErrorBody } } },
        async (request) => {
          const rate = await rates.findRate(checkId('rate', request.params.id));
          if (!rate) throw notFound('This rate no longer exists');
          return { data: rate };
        },
      );

      admin.put(
        '/rate/:id',
        {
          schema: {
            params: IdParams,
            body: RateForm,
            querystring: NoQuery,
            response: { 200: Envelope(Rate), 404: ErrorBody, 409: ErrorBody },
          },
        },
        async (request) => {
          const id = checkId('rate', request.params.id);
          const values = rateValues(request.body);
          return { data: await repricing((db) => editRate(db, id, values, actorOf(request))) };
        },
      );

      admin.delete(
        '/rate/:id',
        { schema: { params: IdParams, querystring: NoQuery, response: { 204: NoContent, 404: ErrorBody } } },
        async (request, reply) => {
          const id = checkId('rate', request.params.id);
          await repricing((db) => removeRate(db, id, actorOf(request)));
          return reply.code(204).send(null);
        },
      );

      admin.post(
        '/rates/import',
        {
          bodyLimit: IMPORT_BODY_LIMIT,
          schema: {
            body: RatesImportRequest,
            querystring: NoQuery,
            response: { 200: Envelope(RatesImportReport), 400: ErrorBodyWith({ report: Type.Optional(RatesImportReport) }) },
          },
        },
        async (request) => {
          const { csv, dryRun } = request.body;
          if (dryRun) return { data: (await checkPmmsFile(ctx.db, csv)).report };
          return { data: await repricing((db) => importPmmsFile(db, csv, actorOf(request))) };
        },
      );
    },
    { prefix: '/admin' },
  );
};
