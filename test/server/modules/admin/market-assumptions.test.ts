import { ADMIN, DATABASES, SETUP_TIMEOUT, bearer, createTestApp, json, login, signup, type TestApp } from '../../helpers';
import { sql } from 'kysely';
import { loadDemoData } from '../../../../src/server/modules/demo-data';
import { RATE_NOT_PER_MARKET } from '../../../../src/server/modules/admin/market-assumptions';
import { rateRecomputerFor } from '../../../../src/server/modules/listings';

describe.each(DATABASES)('market assumption overrides on $name', (database) => {
  let t: TestApp;
  let adminToken: string;
  let userToken: string;
  let marketId: string;
  let city: string;
  let state: string;
  beforeAll(async () => {
    t = await createTestApp(database);
    await loadDemoData(t.db, { listings: 120, seed: 11 });
    adminToken = json(await login(t.app, ADMIN.email, ADMIN.password)).data.token;
    userToken = (await signup(t.app)).token;
    // The most listed city whose market has no overrides yet (the demo gives some cities their occupancy).
    const top = await sql<{ city: string; state: string }>`
      select city, state from properties p
      where not exists (select 1 from markets m where lower(m.city) = lower(p.city) and upper(m.state) = upper(p.state)
        and m.assumptions <> '{}'::jsonb)
      group by city, state order by count(*) desc, city limit 1`.execute(t.db);
    ({ city, state } = top.rows[0]);
    const existing = await sql<{ id: string }>`
      select id from markets where lower(city) = lower(${city}) and upper(state) = upper(${state})`.execute(t.db);
    marketId =
      existing.rows[0]?.id ??
      json(
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/admin/market',
          headers: bearer(adminToken),
          payload: { city, state, description: 'Test market', active: true },
        }),
      ).data._id;
  }, SETUP_TIMEOUT);
  afterAll(async () => t?.close());

  const put = (assumptions: unknown, token = adminToken, id = marketId) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/market/${id}/assumptions`,
      headers: bearer(token),
      payload: { assumptions },
    });
  const expenses = async () =>
    (
      await sql<{ id: string; e: number; city: string }>`
        select id, (buy_hold->>'grossMonthlyExpenses')::float8 as e, city from properties
        where lower(city) = lower(${city}) and upper(state) = upper(${state}) order by id`.execute(t.db)
    ).rows;

  it('starts with no overrides; only an Admin reads or changes them', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/market/${marketId}/assumptions`,
      headers: bearer(adminToken),
    });
    expect(response.statusCode).toBe(200);
    expect(json(response).data).toMatchObject({ market: { _id: marketId, city, state }, assumptions: {} });
    expect(json(response).data.defaults.operating.vacancyPercent).toBe(8);
    expect((await put({ operating: { vacancyPercent: 5 } }, userToken)).statusCode).toBe(403);
  });

  it('refuses bad overrides with a message naming each problem, and changes nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [{ operating: { vacancyPercent: 150 } }, 'Vacancy (operating.vacancyPercent) must be between 0 and 100'],
      [{ operating: { vacancy: 5 } }, 'Unknown assumption operating.vacancy'],
      [{ taxes: {} }, 'Unknown assumption section taxes'],
      [{ operating: { monthlyHoa: '50' } }, 'HOA per month (operating.monthlyHoa) must be a number'],
      [{ financing: { interestRatePercent: 5 } }, RATE_NOT_PER_MARKET],
    ];
    for (const [assumptions, message] of cases) {
      const response = await put(assumptions);
      expect(response.statusCode).toBe(400);
      expect(json(response).error.message).toBe(message);
    }
    expect((await put({}, adminToken, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await put({}, adminToken, 'nope')).statusCode).toBe(400);
    const row = await sql<{ a: object }>`select assumptions as a from markets where id = ${marketId}::uuid`.execute(t.db);
    expect(row.rows[0].a).toEqual({});
  });

  it("recomputes the market's listings with its overrides, and the property call carries them", async () => {
    const before = await expenses();
    expect(before.length).toBeGreaterThan(0);
    const other = await sql<{ id: string; e: number }>`
      select id, (buy_hold->>'grossMonthlyExpenses')::float8 as e from properties p
      where not (lower(city) = lower(${city}) and upper(state) = upper(${state}))
        and not exists (select 1 from markets m where lower(m.city) = lower(p.city) and upper(m.state) = upper(p.state)
          and m.assumptions <> '{}'::jsonb)
      order by id limit 5`.execute(t.db);

    const response = await put({ operating: { propertyTaxPercent: 2.5, insurancePercent: 0.9 }, flip: {} });
    expect(response.statusCode).toBe(200);
    expect(json(response).data.assumptions).toEqual({ operating: { propertyTaxPercent: 2.5, insurancePercent: 0.9 } });
    expect(json(response).data.listingsToRecompute).toBe(before.length);
    await rateRecomputerFor(t.app.dealmap.ctx, t.db, t.app.dealmap.ctx.cluster).idle();

    const after = await expenses();
    for (let i = 0; i < before.length; i++) expect(after[i].e).toBeGreaterThan(before[i].e);
    const othersAfter = await sql<{ id: string; e: number }>`
      select id, (buy_hold->>'grossMonthlyExpenses')::float8 as e from properties where id = any(${other.rows.map((r) => r.id)}::uuid[]) order by id`.execute(
      t.db,
    );
    expect(othersAfter.rows).toEqual(other.rows);

    const property = json(
      await t.app.inject({ method: 'GET', url: `/api/v1/auth/property/${before[0].id}`, headers: bearer(userToken) }),
    ).data;
    expect(property.marketAssumptions).toEqual({ operating: { propertyTaxPercent: 2.5, insurancePercent: 0.9 } });
    const elsewhere = json(
      await t.app.inject({ method: 'GET', url: `/api/v1/auth/property/${other.rows[0].id}`, headers: bearer(userToken) }),
    ).data;
    expect(elsewhere.marketAssumptions).toBeNull();

    const audit = json(
      await t.app.inject({ method: 'GET', url: `/api/v1/admin/audit-log?entityId=${marketId}`, headers: bearer(adminToken) }),
    ).data;
    expect(audit.items[0]).toMatchObject({
      action: 'update',
      entityType: 'market',
      after: { assumptions: { operating: { propertyTaxPercent: 2.5 } } },
    });

    // The same overrides again (a retry, or nginx sending the PUT again): nothing written, audited or recomputed.
    const again = await put({ operating: { insurancePercent: 0.9, propertyTaxPercent: 2.5 } });
    expect(again.statusCode).toBe(200);
    expect(json(again).data).toMatchObject({
      assumptions: { operating: { propertyTaxPercent: 2.5, insurancePercent: 0.9 } },
      listingsToRecompute: 0,
    });
    const auditAgain = json(
      await t.app.inject({ method: 'GET', url: `/api/v1/admin/audit-log?entityId=${marketId}`, headers: bearer(adminToken) }),
    ).data;
    expect(auditAgain.total).toBe(audit.total);

    // Clearing the overrides brings the defaults' figures back.
    expect((await put({})).statusCode).toBe(200);
    await rateRecomputerFor(t.app.dealmap.ctx, t.db, t.app.dealmap.ctx.cluster).idle();
    expect(await expenses()).toEqual(before);
  });
});
