import { randomUUID } from 'node:crypto';
import { bearer, createTestApp, signup, type TestApp } from '../helpers';
import { nodeRequire } from '../node-require';

interface ValidationResult {
  valid: boolean;
  errors?: unknown;
}
interface OpenApiValidator {
  validate(document: object): Promise<ValidationResult>;
}
const { Validator } = nodeRequire('@seriousme/openapi-schema-validator') as { Validator: new () => OpenApiValidator };

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { responses?: Record<string, unknown>; security?: unknown[] }>>;
}

/** Fastify's `/property/:id` is OpenAPI's `/property/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('OpenAPI document', () => {
  let t: TestApp;
  let document: OpenApiDocument;

  beforeAll(async () => {
    t = await createTestApp({ name: 'pglite' }, { config: { apiDocs: true } });
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json<OpenApiDocument>();
  }, 60_000);
  afterAll(() => t?.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every registered API route with its method', () => {
    const apiRoutes = t.app.dealmap.routes.filter(
      (r) => r.method !== 'HEAD' && !r.schema?.hide && (r.url.startsWith('/api/v1/') || r.url === '/healthz'),
    );
    expect(apiRoutes.length).toBeGreaterThan(50);
    const missing = apiRoutes
      .filter((r) => !document.paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('declares a success answer and the shared error answers for every route', () => {
    const problems: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const statuses = Object.keys(operation.responses ?? {});
        if (!statuses.some((s) => s.startsWith('2'))) problems.push(`${method} ${path}: no 2xx answer`);
        if (!statuses.includes('400') || !statuses.includes('500')) problems.push(`${method} ${path}: no 400/500 answer`);
        if (path.startsWith('/api/v1/auth/') && !statuses.includes('401')) problems.push(`${method} ${path}: no 401 answer`);
        if (path.startsWith('/api/v1/admin/') && !(statuses.includes('401') && statuses.includes('403'))) {
          problems.push(`${method} ${path}: no 401/403 answer`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('declares 413, 414 and 503 for every route, 415 where a body is parsed, and 401, 403 and 404 for every route with a path id', () => {
    const problems: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const statuses = Object.keys(operation.responses ?? {});
        const lacks = (...wanted: string[]) => {
          const missing = wanted.filter((status) => !statuses.includes(status));
          if (missing.length) problems.push(`${method} ${path}: no ${missing.join('/')} answer`);
        };
        lacks('413', '414', '503');
        if (['post', 'put', 'patch', 'delete'].includes(method)) lacks('415');
        // A path id is looked up (404), and one with dot segments resolves to another route, maybe a guarded one.
        if (/\{[^}]+\}/.test(path)) lacks('401', '403', '404');
      }
    }
    expect(problems).toEqual([]);
  });

  it('declares every refusal of the auth and role guards: each route asked signed out, and as an Investor', async () => {
    const investor = await signup(t.app);
    const routes = t.app.dealmap.routes.filter(
      (r) => r.method !== 'HEAD' && !r.schema?.hide && (r.url.startsWith('/api/v1/') || r.url === '/healthz'),
    );
    const problems: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z0-9_]+/g, () => randomUUID());
      const declared = Object.keys(document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()]?.responses ?? {});
      for (const headers of [{}, bearer(investor.token)]) {
        const { statusCode } = await t.app.inject({ method: route.method as 'GET', url, headers });
        if ((statusCode === 401 || statusCode === 403) && !declared.includes(String(statusCode))) {
          problems.push(`${route.method} ${route.url}: answers ${statusCode}, not declared`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('declares the 414 a path parameter past the router limit gets', async () => {
    const routes = t.app.dealmap.routes.filter((r) => r.method !== 'HEAD' && !r.schema?.hide && r.url.includes('/:'));
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z0-9_]+/g, 'x'.repeat(2000));
      expect((await t.app.inject({ method: route.method as 'GET', url })).statusCode).toBe(414);
      expect(document.paths[openApiPath(route.url)][route.method.toLowerCase()].responses).toHaveProperty('414');
    }
  });

  it('serves the browsable reference only when API docs are on', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
    const off = await createTestApp({ name: 'pglite' });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).statusCode).toBe(404);
      expect((await off.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  }, 60_000);
});
