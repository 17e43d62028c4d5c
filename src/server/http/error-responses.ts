import type { FastifyInstance, RouteOptions } from 'fastify';
import { ErrorBody } from '../../shared/schemas/common';

/**
 * Adds the error answers every route shares to its response schemas, before the route compiles
 * (and before OpenAPI reads it): 400 for bad input and 500 everywhere, 401 under /api/v1/auth,
 * 401 and 403 under /api/v1/admin. A route declares its own other errors (404, 409, 429, ...).
 * The error handler then serialises through the same schema, so an error answer has exactly
 * `{ error: { code, message, fields? } }`.
 */
export function sharedErrorStatuses(url: string): number[] {
  const statuses = [400, 500];
  if (url.startsWith('/api/v1/auth/') || url.startsWith('/api/v1/admin/')) statuses.push(401);
  if (url.startsWith('/api/v1/admin/')) statuses.push(403);
  return statuses;
}

export function addSharedErrorResponses(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.schema || route.schema.hide) return;
    const response = (route.schema.response ?? {}) as Record<string, unknown>;
    for (const status of sharedErrorStatuses(route.url)) response[status] ??= ErrorBody;
    route.schema.response = response;
  });
}
