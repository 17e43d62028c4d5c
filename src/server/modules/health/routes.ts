import { Type } from '@sinclair/typebox';
import { ERROR_CODES } from '../../../shared/api-types';
import { Envelope, ErrorBody, NoQuery } from '../../../shared/schemas/common';
import type { RoutePlugin } from '../../context';
import { pingDatabase } from '../../db/database';
import { sendError } from '../../http/error-handler';

const Health = Type.Object({ status: Type.Literal('ok') });

/** GET /healthz (at the root): 200 when the database answers, else 503. */
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
      return reply.header('cache-control', 'no-store').send({ data: { status: 'ok' as const } });
    },
  );
};
