import { ADMIN, DATABASES, SETUP_TIMEOUT, bearer, createTestApp, json, login, signup, type TestApp } from '../../helpers';
import { sql } from 'kysely';
import { loadDemoData } from '../../../../src/server/modules/demo-data';
import { rateRecomputerFor } from '../../../../src/server/modules/listings';

describe.each(DATABASES)('rates and config on $name', (database) => {
  let t: TestApp;
  let adminToken: string;
  let userToken: string;
  beforeAll(async () => {
    t = await createTestApp(database, { config: { googleMapsApiKey: 'test-key' } });
    await loadDemoData(t.db, { listings: 150, seed: 5 });
    adminToken = json(await login(t.app, ADMIN.email, ADMIN.password)).data.token;
    userToken = (await signup(t.app)).token;
  }, SETUP_TIMEOUT);
  afterAll(async () => t?.close());

  const post = (payload: unknown, token?: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/admin/rates', payload: payload as object, headers: token ? bearer(token) : {} });

  it('GET /rates/latest (public) gives the seeded PMMS week with term months', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/rates/latest' });
    expect(response.statusCode).toBe(200);
    const rates = json(response).data.map(({ _id, ...rest }: { _id: string }) => rest);
    expect(rates).toEqual([
      { product: '30-Year Fixed', rate: 6.26, termMonths: 360, asOf: '2025-11-20', source: 'Freddie Mac PMMS' },
      { product: '15-Year Fixed', rate: 5.54, termMonths: 180, asOf: '2025-11-20', source: 'Freddie Mac PMMS' },
    ]);
  });

  it('GET /config gives the maps key and map id (null when unset)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(json(response).data).toEqual({ googleMapsApiKey: 'test-key', googleMapsMapId: null, googleMapsChannel: null });
  });

  it('POST /admin/rates: 401 signed out, 403 for a non-admin, 400 for bad input', async () => {
    const good = { product: '30-Year Fixed', rate: 6.1, asOf: '2025-12-04' };
    expect((await post(good)).statusCode).toBe(401);
    expect((await post(good, userToken)).statusCode).toBe(403);
    for (const [payload, message] of [
      [{ ...good, rate: -1 }, 'Rate must be > 0'],
      [{ ...good, rate: 'six' }, 'Rate must be a number'],
      [{ ...good, product: '  ' }, 'Product is required'],
      [{ ...good, asOf: '2025-02-30' }, 'As of must be a real date (YYYY-MM-DD)'],
      [{ ...good, asOf: 'yesterday' }, 'As of is not in the expected format'],
      [{ rate: 6 }, 'Product is required. As of is required.'],
    ] as const) {
      const response = await post(payload, adminToken);
      expect(response.statusCode).toBe(400);
      expect(json(response).error.message).toBe(message);
    }
  });

  it('an Admin adds a rate (201): it becomes the latest and every listing is recomputed in the background', async () => {
    const before = await sql<{ id: string; m: number; r: number }>`
      select id, (short_term->>'monthlyMortgage')::float8 as m, results_rate as r from properties order by id limit 5`.execute(
      t.db,
    );
    expect(before.rows.every((row) => row.r === 6.26)).toBe(true);

    const response = await post(
      { product: '30-Year Fixed', rate: 7.5, asOf: '2025-12-04', source: 'Freddie Mac PMMS' },
      adminToken,
    );
    expect(response.statusCode).toBe(201);
    expect(json(response).data).toMatchObject({ product: '30-Year Fixed', rate: 7.5, termMonths: 360, asOf: '2025-12-04' });
    const latest = json(await t.app.inject({ method: 'GET', url: '/api/v1/rates/latest' })).data;
    expect(latest[0]).toMatchObject({ product: '30-Year Fixed', rate: 7.5 });

    await rateRecomputerFor(t.app.dealmap.ctx, t.db, t.app.dealmap.ctx.cluster).idle();
    const after = await sql<{ id: string; m: number; r: number }>`
      select id, (short_term->>'monthlyMortgage')::float8 as m, results_rate as r from properties order by id limit 5`.execute(
      t.db,
    );
    for (let i = 0; i < after.rows.length; i++) {
      expect(after.rows[i].r).toBe(7.5);
      expect(after.rows[i].m).toBeGreaterThan(before.rows[i].m);
    }
    const stale = await sql<{
      n: number;
    }>`select count(*)::int as n from properties where results_rate is distinct from 7.5`.execute(t.db);
    expect(stale.rows[0].n).toBe(0);

    // The same product and week again replaces it (200).
    expect((await post({ product: '30-Year Fixed', rate: 7.4, asOf: '2025-12-04' }, adminToken)).statusCode).toBe(200);
    await rateRecomputerFor(t.app.dealmap.ctx, t.db, t.app.dealmap.ctx.cluster).idle();
  });
});
