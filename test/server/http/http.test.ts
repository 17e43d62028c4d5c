import { FEED_OFF } from '../../../src/server/modules/listing-feed';
import { DATABASES, SETUP_TIMEOUT, createTestApp, json, type TestApp } from '../helpers';

describe.each(DATABASES)('HTTP conventions on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(database);
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await t?.close();
  });

  it("GET /healthz answers ok after a database query, with the start's state and the listing feed's; /readyz too once ready", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    const { runs: _runs, ...feedOff } = FEED_OFF;
    expect(json(response)).toEqual({ data: { status: 'ok', state: 'ready', progress: null, listingFeed: feedOff } });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(json(ready)).toEqual({ data: { status: 'ok', state: 'ready', progress: null } });
  });

  it('answers unknown API routes with a 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nothing'],
      ['POST', '/api/v1/nothing'],
      ['GET', '/api'],
      ['PUT', '/api/v1/login'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(json(response).error.code).toBe('NOT_FOUND');
    }
  });

  it('tells how to build the client when it is missing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app/search' });
    expect(response.statusCode).toBe(404);
    expect(json(response).error.message).toContain('npm run build');
  });

  it('never answers 500 for bad input', async () => {
    const cases = [
      { method: 'POST' as const, url: '/api/v1/login', headers: { 'content-type': 'application/json' }, payload: 'nul' },
      { method: 'POST' as const, url: '/api/v1/login', headers: { 'content-type': 'application/json' }, payload: '' },
      { method: 'POST' as const, url: '/api/v1/login', headers: { 'content-type': 'text/plain' }, payload: 'hello' },
      { method: 'POST' as const, url: '/api/v1/login', payload: { username: ['a'], password: { x: 1 } } },
      { method: 'POST' as const, url: '/api/v1/signup', payload: { email: 'a@b.co', password: null } },
      { method: 'POST' as const, url: '/api/v1/login', payload: { username: 'a'.repeat(300), password: 'x' } },
      { method: 'GET' as const, url: '/api/v1/check-reset-token?token=' },
      { method: 'GET' as const, url: '/api/v1/check-reset-token?token=a&token=b' },
      { method: 'DELETE' as const, url: `/api/v1/session/${'x'.repeat(600)}` },
      { method: 'POST' as const, url: '/api/v1/refresh-token', payload: { refreshToken: 12 } },
    ];
    for (const request of cases) {
      const response = await t.app.inject(request);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      const { error } = json(response);
      expect(typeof error.code).toBe('string');
      expect(typeof error.message).toBe('string');
      expect(response.body).not.toMatch(/at .*\.(ts|js):\d+/);
    }
  });

  it('sends security headers with a CSP that allows Google Maps', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://maps.googleapis.com https://maps.gstatic.com");
    expect(csp).toContain(
      "img-src 'self' data: blob: https://*.googleapis.com https://*.gstatic.com https://*.google.com https://*.ggpht.com",
    );
    expect(csp).toContain("connect-src 'self' https://*.googleapis.com https://*.google.com https://*.gstatic.com");
    expect(csp).toContain("style-src 'self' 'unsafe-inline' https://fonts.googleapis.com");
    expect(csp).toContain("font-src 'self' data: https://fonts.gstatic.com");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain('frame-src https://*.google.com');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  describe('lookups', () => {
    beforeAll(async () => {
      await t.db
        .insertInto('markets')
        .values([
          { city: 'Tampa', state: 'FL', description: 'Gulf coast' },
          { city: 'Austin', state: 'TX', description: 'Tech hub' },
          { city: 'Boise', state: 'ID', description: 'Hidden', active: false },
        ])
        .execute();
      await t.db.updateTable('interests').set({ active: false }).where('name', '=', 'Land').execute();
      await t.db.insertInto('strategies').values({ name: 'Retired strategy', description: 'Old', active: false }).execute();
    });

    it('lists active strategies in catalogue order', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/lookups/investmentStrategies' });
      expect(response.statusCode).toBe(200);
      const { data } = json(response);
      expect(data.map((s: { name: string }) => s.name)).toEqual(['Buy & Hold', 'BRRRR', "Fix'N'Flip", 'Short-term Rental']);
      for (const strategy of data) {
        expect(Object.keys(strategy).sort()).toEqual(['_id', 'active', 'description', 'name']);
        expect(strategy.active).toBe(true);
        expect(strategy.description.length).toBeGreaterThan(20);
      }
    });

    it('lists active markets sorted by city', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/lookups/investmentMarkets' });
      const { data } = json(response);
      expect(data.map((m: { city: string }) => m.city)).toEqual(['Austin', 'Tampa']);
      expect(Object.keys(data[0]).sort()).toEqual(['_id', 'active', 'city', 'description', 'state']);
      expect(data[0]).toMatchObject({ city: 'Austin', state: 'TX', description: 'Tech hub', active: true });
    });

    it('lists active interests only', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/lookups/investmentInterests' });
      const names = json(response).data.map((i: { name: string }) => i.name);
      expect(names).toContain('Single-family homes');
      expect(names).toContain('Small multifamily (2–4 units)');
      expect(names).not.toContain('Land');
      expect(json(response).data.every((i: { active: boolean }) => i.active)).toBe(true);
    });
  });
});
