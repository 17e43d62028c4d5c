/**
 * Fuzzing every route (issue 14): the routes come from Fastify's own table, the requests from
 * fast-check — wrong types, NUL and lone surrogates, huge / NaN / Infinity numbers, bad ids and
 * bounds, 1 MB strings, deep nesting — signed in as an Admin, as an Investor, with a forged token
 * or none. No answer may be a 5xx or carry a stack trace, and the server must still answer
 * /healthz. `npm test` sends FUZZ_REQUESTS (default 2,000); `npm run fuzz` sends 20,000.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { ADMIN, bearer, createTestApp, DATABASES, json, login, SETUP_TIMEOUT, signup, type TestApp } from '../helpers';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2000);
jest.setTimeout(Math.max(120_000, REQUESTS * 60));

const MB = 1024 * 1024;
const nested = (depth: number): unknown => (depth === 0 ? 'x' : { a: nested(depth - 1) });

/** Text no validator expects. */
const badText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udc00x',
    '%00',
    '../../etc/passwd',
    "'; drop table users; --",
    '<script>',
    'null',
    'NaN',
    '1e309',
    '-0',
    '🏠',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constant('x'.repeat(MB)),
  fc.uuid(),
);
/** Numbers at the edges (as JSON numbers; JSON.parse turns 1e309 into Infinity too). */
const badNumber = fc.oneof(
  fc.constantFrom(0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, Number.MIN_VALUE),
  fc.double(),
  fc.integer(),
);
const badBounds = fc.oneof(
  fc.constantFrom(
    '{"ne":{"lat":91,"lng":0},"sw":{"lat":0,"lng":0}}',
    '{"ne":{"lat":30.3,"lng":-97.7},"sw":{"lat":30.2,"lng":-97.8}}',
    '{"ne":{"lat":"x"}}',
    '{"ne":{"lat":1e309,"lng":0},"sw":{"lat":0,"lng":0}}',
    '[]',
    '{',
  ),
  fc.json({ maxDepth: 3 }),
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  badText,
  badNumber,
  badBounds,
  fc.boolean(),
  fc.constant(null),
  fc.array(badText, { maxLength: 5 }),
  fc.constant(nested(40)),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(badText, badNumber), { maxKeys: 4 }),
);

/** Values a validator would accept, so the request goes on to the handler and its SQL. */
const plausible = fc.oneof(
  fc.constantFrom(
    'user@example.com',
    'password123',
    'Austin',
    'TX',
    '78701',
    'buyHold',
    'good',
    'price',
    'asc',
    '1',
    '50',
    '30.2',
  ),
  fc.uuid(),
  fc.integer({ min: 0, max: 100 }).map(String),
);
/** A plausible value with a character PostgreSQL cannot store slipped in. */
const poisoned = fc
  .tuple(plausible, fc.constantFrom('\u0000', '\ud800', '\udfff'), fc.nat())
  .map(([text, bad, at]) => text.slice(0, at % (text.length + 1)) + bad + text.slice(at % (text.length + 1)));
const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: plausible, weight: 3 },
  { arbitrary: poisoned, weight: 3 },
  { arbitrary: anyValue, weight: 2 },
  { arbitrary: badNumber, weight: 1 },
);

interface Route {
  method: string;
  url: string;
  query: string[];
  body: string[];
}

function propertiesOf(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as { properties?: Record<string, unknown>; anyOf?: unknown[]; allOf?: unknown[] };
  return [...Object.keys(s.properties ?? {}), ...(s.anyOf ?? []).flatMap(propertiesOf), ...(s.allOf ?? []).flatMap(propertiesOf)];
}

/** URL-encoded; a lone surrogate (which has no UTF-8) becomes the bytes of one, which no decoder accepts. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text).slice(0, 3000);
  } catch {
    return `${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`.slice(0, 3000);
  }
}

/** A request for the route: its path parameters, query and body filled with bad values, or with junk. */
const requestFor = (route: Route) =>
  fc
    .record({
      params: fc.array(fc.oneof(plausible, poisoned, badText), { minLength: 5, maxLength: 5 }),
      query: fc.oneof(
        fc.record(
          Object.fromEntries(
            route.query.map((name) => [name, fc.oneof(plausible, poisoned, badNumber.map(String), badBounds, badText)]),
          ),
        ),
        fc.dictionary(
          fc.constantFrom(...(route.query.length ? route.query : ['x'])),
          fc.oneof(badText, badNumber.map(String), badBounds),
        ),
      ),
      bodyShape: fc.oneof(
        { arbitrary: fc.record(Object.fromEntries(route.body.map((name) => [name, fieldValue]))), weight: 4 },
        { arbitrary: fc.dictionary(fc.constantFrom(...(route.body.length ? route.body : ['x'])), anyValue), weight: 2 },
        { arbitrary: anyValue, weight: 1 },
        { arbitrary: fc.constant(undefined), weight: 1 },
      ),
      raw: fc.option(fc.constantFrom('{', 'not json', '{"a":1e309}', '{"a":"\\u0000"}', '['.repeat(5000)), { nil: undefined }),
      who: fc.oneof(
        { arbitrary: fc.constantFrom('admin', 'user'), weight: 4 },
        { arbitrary: fc.constantFrom('forged', 'none'), weight: 1 },
      ),
    })
    .map(({ params, query, bodyShape, raw, who }) => {
      let i = 0;
      const url = route.url.replace(/:[A-Za-z_]+/g, () => encode(String(params[i++ % params.length])));
      const qs = Object.entries(query)
        .map(([k, v]) => `${encode(k)}=${encode(v)}`)
        .join('&');
      const payload = raw ?? (bodyShape === undefined ? undefined : JSON.stringify(bodyShape));
      return { method: route.method, url: qs ? `${url}?${qs}` : url, payload, who };
    });

describe('fuzzing every route', () => {
  let t: TestApp;
  let routes: Route[];
  let tokens: Record<string, string | undefined>;

  beforeAll(async () => {
    t = await createTestApp(DATABASES[0]);
    const user = await signup(t.app);
    tokens = {
      admin: json(await login(t.app, ADMIN.email, ADMIN.password)).data.token as string,
      user: user.token,
      forged: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.AAAA',
      none: undefined,
    };
    routes = t.app.dealmap.routes
      .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
      .map((r) => ({
        method: r.method,
        url: r.url,
        query: propertiesOf(r.schema?.querystring),
        body: propertiesOf(r.schema?.body),
      }));
  }, SETUP_TIMEOUT);
  afterAll(() => t?.close());

  it(`answers ${REQUESTS.toLocaleString('en-US')} generated bad requests with no 5xx and no stack trace, and still answers /healthz`, async () => {
    expect(routes.length).toBeGreaterThan(50);
    const perRoute = Math.ceil(REQUESTS / routes.length);
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const samples = fc.sample(requestFor(route), { numRuns: perRoute, seed: 42 + sent });
      for (const r of samples) {
        const token = tokens[r.who];
        const options: InjectOptions = {
          method: r.method,
          url: r.url,
          headers: {
            ...(token ? bearer(token) : {}),
            ...(r.payload !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(r.payload !== undefined ? { payload: r.payload } : {}),
        };
        const response = await t.app.inject(options);
        sent += 1;
        if (
          response.statusCode >= 500 ||
          /\n\s+at .+:\d+:\d+/.test(response.body) ||
          /node_modules|src\/server/.test(response.body)
        ) {
          failures.push(`${r.method} ${r.url.slice(0, 160)} (${r.who}) → ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
      }
    }
    expect(sent).toBeGreaterThanOrEqual(REQUESTS);
    expect(failures).toEqual([]);
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });
});
