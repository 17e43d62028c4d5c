import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../../shared/api-types';
import type { RouteOptions } from '../../context';
import { pingDatabase } from '../../db/database';
import { sendError } from '../../http/error-handler';

/** GET /healthz (at the root): 200 when the database answers, else 503. */
export async function healthRoutes(app: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  app.get('/healthz', { schema: { querystring: Type.Object({}) }, logLevel: 'warn' }, async (request, reply) => {
    try {
      await pingDatabase(ctx.db);
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unavailable');
      return sendError(reply, 503, ERROR_CODES.internal, 'The database is not available');
    }
    return reply.header('cache-control', 'no-store').send({ data: { status: 'ok' } });
  });
}
