import { createHash, timingSafeEqual } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { ERROR_CODES } from '../../../shared/api-types';
import { ErrorBody, NoQuery } from '../../../shared/schemas/common';
import type { RoutePlugin } from '../../http/route-context';
import { sendError } from '../../http/error-handler';
import { currentMetrics } from '../../lib/metrics/cluster-metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics, Prometheus's text format: off (404) unless METRICS_TOKEN is set, and then only for
 * `Authorization: Bearer <METRICS_TOKEN>` — the figures name routes, pools and replicas, and the
 * port is the public one (docs/deploy.md, "Monitoring").
 */
export const metricsRoutes: RoutePlugin = async (app, { ctx }) => {
  const token = ctx.config.metricsToken;
  const expected = token ? digest(token) : null;

  app.get(
    '/metrics',
    {
      schema: {
        querystring: NoQuery,
        response: {
          200: Type.String({ description: "Prometheus's text exposition format" }),
          401: ErrorBody,
          404: ErrorBody,
          503: ErrorBody,
        },
      },
      logLevel: 'warn',
    },
    async (request, reply) => {
      if (!expected) {
        return sendError(reply, 404, ERROR_CODES.notFound, 'Metrics are off: set METRICS_TOKEN on the server to turn them on');
      }
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      // Compared as digests: equal lengths, so the comparison takes the same time whatever was sent.
      if (!given || !timingSafeEqual(digest(given), expected)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        return sendError(reply, 401, ERROR_CODES.unauthorized, 'Send the metrics token: Authorization: Bearer <METRICS_TOKEN>');
      }
      try {
        const { text, contentType } = await currentMetrics();
        return reply.header('cache-control', 'no-store').type(contentType).send(text);
      } catch (error) {
        request.log.error({ err: error }, 'metrics: gathering failed');
        return sendError(reply, 503, ERROR_CODES.busy, 'The metrics could not be gathered now; the next scrape tries again');
      }
    },
  );
};
