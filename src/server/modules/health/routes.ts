import { ERROR_CODES } from '../../../shared/api-types';
import { Envelope, ErrorBody, NoQuery } from '../../../shared/schemas/common';
import { Health } from '../../../shared/schemas/health';
import type { RoutePlugin } from '../../http/route-context';
import { pingDatabase } from '../../db/database';
import { sendError } from '../../http/error-handler';

/**
 * At the root:
 * - GET /healthz: 200 with the start's state and progress (starting, seeding, computing, ready) and
 *   the MLS listing feed's state (idle, syncing, failing, off) whenever the database answers, else
 *   503 — the process is alive;
 * - GET /readyz: the same answer, but 503 until the state is ready — what a load balancer (and the
 *   end-to-end suite) waits for.
 */
export const healthRoutes: RoutePlugin = async (app, { ctx }) => {
  const schema = { querystring: NoQuery, response: { 200: Envelope(Health), 503: Envelope(Health) } };

  app.get(
    '/healthz',
    { schema: { ...schema, response: { 200: Envelope(Health), 503: ErrorBody } }, logLevel: 'warn' },
    async (request, reply) => {
      try {
        await pingDatabase(ctx.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable');
        return sendError(reply, 503, ERROR_CODES.internal, 'The database is not available');
      }
      // The feed's own trouble is its state here, never this answer's: the process is alive.
      const { runs: _runs, ...listingFeed } = await ctx.listingFeed.status({ runs: false });
      return reply
        .header('cache-control', 'no-store')
        .send({ data: { status: 'ok' as const, ...ctx.startup.current(), listingFeed } });
    },
  );

  app.get('/readyz', { schema, logLevel: 'warn' }, async (_request, reply) => {
    const data = { status: 'ok' as const, ...ctx.startup.current() };
    return reply
      .header('cache-control', 'no-store')
      .code(data.state === 'ready' ? 200 : 503)
      .send({ data });
  });
};
