import { Type } from '@sinclair/typebox';
import { Envelope, NoQuery } from '../../../shared/schemas/common';
import { NewRate, Rate } from '../../../shared/schemas/rates';
import type { RoutePlugin } from '../../context';
import { requireRole } from '../../http/auth-guard';
import { badRequest } from '../../http/errors';
import { parseDate } from '../listings';
import { rateRecomputerFor } from './recomputer';
import { latestRates, upsertRate } from './service';

/**
 * GET /api/v1/rates/latest (public) and POST /api/v1/admin/rates (Admin). A new rate recomputes
 * every listing's strategy results in the background.
 */
export const ratesRoutes: RoutePlugin = async (app, { ctx }) => {
  const recomputer = rateRecomputerFor(ctx, ctx.db, app.log);
  app.addHook('onReady', async () => {
    // Results computed at an older rate (a rate added while the server was down): catch up.
    recomputer.kickIfStale().catch((error: unknown) => app.log.error({ err: error }, 'Checking listings for a new rate failed'));
  });
  app.addHook('onClose', async () => recomputer.stop());

  app.get('/rates/latest', { schema: { querystring: NoQuery, response: { 200: Envelope(Type.Array(Rate)) } } }, async () => ({
    data: await latestRates(ctx.db),
  }));

  app.post(
    '/admin/rates',
    {
      onRequest: [ctx.authenticate, requireRole('Admin')],
      schema: { body: NewRate, querystring: NoQuery, response: { 200: Envelope(Rate), 201: Envelope(Rate) } },
    },
    async (request, reply) => {
      const body = request.body;
      const asOf = parseDate(body.asOf);
      if (!asOf) throw badRequest('As of must be a real date (YYYY-MM-DD)', { asOf: 'As of must be a real date (YYYY-MM-DD)' });
      if (asOf > new Date().toISOString().slice(0, 10)) {
        throw badRequest('As of cannot be in the future', { asOf: 'As of cannot be in the future' });
      }
      const { rate, created } = await upsertRate(ctx.db, {
        product: body.product.trim(),
        rate: Math.round(body.rate * 1000) / 1000,
        asOf,
        source: body.source?.trim() ?? '',
      });
      recomputer.kick();
      return reply.code(created ? 201 : 200).send({ data: rate });
    },
  );
};
