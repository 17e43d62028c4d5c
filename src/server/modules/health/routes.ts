import { ERROR_CODES } from '../../../shared/api-types';
import { Envelope, ErrorBody, NoQuery } from '../../../shared/schemas/common';
import { Health, Readiness } from '../../../shared/schemas/health';
import type { RoutePlugin } from '../../http/route-context';
import { pingDatabase } from '../../db/database';
import { sendError } from '../../http/error-handler';

/**
 * At the root:
 * - GET /healthz: 200 with the start's state and progress (starting, seeding, computing, ready) and
 *   the MLS listing feed's state (idle, syncing, failing, off) whenever the database answers, else
 *   503 — the process is alive;
 * - GET /readyz: the start's state, 503 until it is ready — what a load balancer (and the end-to-end
 *   suite) waits for — and 503 `stopping` again from the moment the server is told to stop (SIGTERM),
 *   while it still answers for the grace before it drains (http/shutdown.ts).
 */
export const healthRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get(
    '/healthz',
    { schema: { querystring: NoQuery, response: { 200: Envelope(Health), 503: ErrorBody } }, logLevel: 'warn' },
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

  const schema = { querystring: NoQuery, response: { 200: Envelope(Readiness), 503: Envelope(Readiness) } };
  app.get('/readyz', { schema, logLevel: 'warn' }, async (_request, reply) => {
    const data: Readiness = ctx.shutdown.stopping
      ? { status: 'ok', state: 'stopping', progress: null }
      : { status: 'ok', ...ctx.startup.current() };
    return reply
      .header('cache-control', 'no-store')
      .code(data.state === 'ready' ? 200 : 503)
      .send({ data });
  });
};
