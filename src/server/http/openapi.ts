import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

export const API_DOCS_PREFIX = '/api/docs';

/**
 * The OpenAPI 3.1 document of the whole API, generated from the routes' own schemas. Registered
 * before the routes, so it sees each of them.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Dealmap API',
        version: '1',
        description:
          'Success answers are `{ "data": ... }`; errors are an HTTP status and `{ "error": { "code", "message", "fields"? } }`. ' +
          'Calls under /api/v1/auth and /api/v1/admin need `Authorization: Bearer <token>` from POST /api/v1/login.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    hideUntagged: false,
    transform: ({ schema, url }) => {
      const secured = url.startsWith('/api/v1/auth/') || url.startsWith('/api/v1/admin/');
      return { schema: secured ? { ...schema, security: [{ bearer: [] }] } : schema, url };
    },
  });
}

/**
 * The browsable reference at /api/docs and the document at /api/docs/openapi.json: in development
 * and when API_DOCS=1 (config.apiDocs).
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PREFIX, staticCSP: true });
  app.get(`${API_DOCS_PREFIX}/openapi.json`, { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(app.swagger()),
  );
}
