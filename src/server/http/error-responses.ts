import type { FastifyInstance, RouteOptions } from 'fastify';
import { ErrorBody } from '../../shared/schemas/common';

/** Methods whose body Fastify parses: a body it cannot take is 413 (too large) or 415 (not JSON). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The error answers a route shares with others, by its URL and methods (what the OpenAPI document
 * declares for it besides its own 404, 409, 429, ...):
 * - every route: 400 for bad input, 500; 413 and 414: a body past `bodyLimit`, a path parameter past
 *   the router's `maxParamLength` (frameworkErrorHandler), and behind the shipped nginx any body past
 *   its client_max_body_size and any URL past its header buffers, whatever the route; 503 with
 *   Retry-After when the server is too busy (the database's or the password hasher's wait limit);
 * - a route whose method carries a body: 415 for a body that is not JSON;
 * - under /api/v1/auth and /api/v1/admin: 401 (the auth guard); under /api/v1/admin: 403 (the Admin
 *   role guard; a route elsewhere behind requireRole declares its 403 itself);
 * - a route with a path parameter: 404 for an unknown id, and 401 and 403: a parameter with dot
 *   segments (`../userCount`, `../../admin/users`) is resolved by the client's URL normalisation
 *   into another route's path, which may be behind the auth or the role guard. That is how a fuzz
 *   got 403 from GET /property/{id}.
 */
export function sharedErrorStatuses(url: string, methods: readonly string[] = []): number[] {
  const statuses = new Set([400, 413, 414, 500, 503]);
  const pathParam = url.includes('/:');
  if (methods.some((method) => BODY_METHODS.has(method))) statuses.add(415);
  if (pathParam || url.startsWith('/api/v1/auth/') || url.startsWith('/api/v1/admin/')) statuses.add(401);
  if (pathParam || url.startsWith('/api/v1/admin/')) statuses.add(403);
  if (pathParam) statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * Adds the shared error answers to each route's response schemas before the route compiles (and
 * before OpenAPI reads it). The error handler then serialises through the same schema, so an error
 * answer has exactly `{ error: { code, message, fields? } }`.
 */
export function addSharedErrorResponses(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.schema || route.schema.hide) return;
    const response = (route.schema.response ?? {}) as Record<string, unknown>;
    for (const status of sharedErrorStatuses(route.url, [route.method].flat())) response[status] ??= ErrorBody;
    route.schema.response = response;
  });
}
