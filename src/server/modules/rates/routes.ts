import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../../context';
import { requireRole } from '../../http/auth-guard';
import { badRequest } from '../../http/errors';
import { NOT_BLANK } from '../../../shared/schemas/formats';
import { parseDate } from '../listings/records';
import { rateRecomputerFor } from './recomputer';
import { latestRates, upsertRate } from './service';

const NewRateBody = Type.Object(
  {
    product: Type.String({ minLength: 1, maxLength: 60, pattern: NOT_BLANK }),
    rate: Type.Number({ exclusiveMinimum: 0, maximum: 30 }),
    asOf: Type.String({ minLength: 1, maxLength: 10, pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
    source: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);

/**
 * GET /api/v1/rates/latest (public) and POST /api/v1/admin/rates (Admin). A new rate recomputes
 * every listing's strategy results in the background.
 */
export async function ratesRoutes(app: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const recomputer = rateRecomputerFor(ctx, ctx.db, app.log);
  app.addHook('onReady', async () => {
    // Results computed at an older rate (a rate added while the server was down): catch up.
    recomputer.kickIfStale().catch((error: unknown) => app.log.error({ err: error }, 'Checking listings for a new rate failed'));
  });
  app.addHook('onClose', async () => recomputer.stop());

  app.get('/rates/latest', { schema: { querystring: Type.Object({}) } }, async () => ({ data: await latestRates(ctx.db) }));

  app.post<{ Body: Static<typeof NewRateBody> }>(
    '/admin/rates',
    { onRequest: [ctx.authenticate, requireRole('Admin')], schema: { body: NewRateBody } },
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
}
