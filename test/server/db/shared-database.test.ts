/**
 * Two apps on one PostgreSQL schema, as two server processes on one database (issue 26), in one
 * Jest process: the sign-in limit counts the attempts of both, a write on one makes the other forget
 * the sessions it remembers, a new rate is re-priced by one of them and both report the same version,
 * and the first start's seed runs once when both start at once. cluster.test.ts does the same with
 * real processes behind nginx.
 */
import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { buildApp } from '../../../src/server/app';
import type { FastifyInstance } from 'fastify';
import { loadDemoData } from '../../../src/server/modules/demo-data';
import { rateRecomputerFor } from '../../../src/server/modules/listings';
import { ADMIN, GENEROUS_RATE_LIMITS, TEST_SCRYPT_COST, bearer, json, login } from '../helpers';
import { adminSession, createUser, PASSWORD, roleIds, signIn } from '../modules/admin/admin-fixtures';

const url = process.env.DATABASE_URL;
if (!url) console.warn('shared-database.test.ts skipped: it needs DATABASE_URL');
const describePg = url ? describe : describe.skip;

jest.setTimeout(120_000);

describePg('two servers on one PostgreSQL database', () => {
  const schema = `test_shared_${randomBytes(5).toString('hex')}`;
  let a: FastifyInstance;
  let b: FastifyInstance;

  const start = () =>
    buildApp({
      logger: false,
      inMemory: true,
      schema,
      scryptCost: TEST_SCRYPT_COST,
      rateLimits: { ...GENEROUS_RATE_LIMITS, loginPerMinute: 4 },
      config: {
        databaseUrl: url,
        adminEmail: ADMIN.email,
        adminPassword: ADMIN.password,
        publicUrl: 'https://dealmap.test',
        clientDir: '/nonexistent/dealmap-client',
        jwtSecret: 'shared-secret-for-two-servers-0123456789abcdef',
      },
    });
  /** Until the app's session cache listens for the other server's writes (it starts off). */
  const listening = async (app: FastifyInstance) => {
    for (let i = 0; i < 100 && !app.dealmap.sessionCache.on; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(app.dealmap.sessionCache.on).toBe(true);
  };

  beforeAll(async () => {
    // Both at once on the empty schema: migrations and the seed run under the start lock.
    [a, b] = await Promise.all([start(), start()]);
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    const pool = new Pool({ connectionString: url, max: 1 });
    await pool.query(`drop schema if exists "${schema}" cascade`);
    await pool.end();
  });

  it('seeds once when both start at once', async () => {
    expect([a.dealmap.seedResult?.adminCreated, b.dealmap.seedResult?.adminCreated].filter(Boolean)).toHaveLength(1);
    const admins = await a.dealmap.ctx.db
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('roles.name', '=', 'Admin')
      .executeTakeFirstOrThrow();
    expect(Number(admins.n)).toBe(1);
  });

  it('counts sign-in attempts of both against one limit', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(i % 2 ? b : a, 'someone@example.com', 'wrong')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });

  it('a deactivation made on one is refused at once by the other, though it remembered the session', async () => {
    await listening(b);
    const { api } = await adminSession(a);
    const user = await createUser(api);
    const session = await signIn(b, user.username, PASSWORD);
    const onB = () => b.inject({ method: 'GET', url: '/api/v1/auth/getUser', headers: bearer(session.token) });
    expect((await onB()).statusCode).toBe(200);
    // Past the quiet time after the last auth write, b remembers the check.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await onB()).statusCode).toBe(200);
    expect(b.dealmap.sessionCache.size).toBeGreaterThan(0);

    const roles = await roleIds(api);
    const response = await api.put(`/user/${user._id}`, {
      ...user,
      roleId: roles.Investor,
      accountType: 'existing',
      active: false,
    });
    expect(response.statusCode).toBe(200);
    const changed = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - changed < 2000) {
      status = (await onB()).statusCode;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(401);
    expect(Date.now() - changed).toBeLessThan(1000);
  });

  it('forgets nothing stale when its notice connection drops: remembers nothing until it is back', async () => {
    await listening(b);
    const pool = new Pool({ connectionString: url, max: 1 });
    try {
      await pool.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`, [
        `dealmap notices ${schema}`,
      ]);
    } finally {
      await pool.end();
    }
    for (let i = 0; i < 100 && b.dealmap.sessionCache.on; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(b.dealmap.sessionCache.on).toBe(false);
    expect(b.dealmap.sessionCache.size).toBe(0);
    // It reconnects by itself.
    await listening(b);
  });

  it('re-prices a new rate once, on whichever holds the lock, and both report the same version', async () => {
    await loadDemoData(a.dealmap.ctx.db, { listings: 200, seed: 9 });
    const version = async (app: FastifyInstance) => json(await app.inject({ method: 'GET', url: '/api/v1/rates/pricing' })).data;
    const before = await version(a);
    expect(await version(b)).toEqual(before);
    const recomputers = [a, b].map((app) => rateRecomputerFor(app.dealmap.ctx, app.dealmap.ctx.db, app.dealmap.ctx.cluster));
    const rewrittenBefore = recomputers.map((r) => r.rewritten);

    const { api } = await adminSession(b);
    const added = await api.post('/rates', { product: '30-Year Fixed', rate: 6.66, asOf: '2026-11-19', source: 'test' });
    expect(added.statusCode).toBe(201);
    // A kick on the other too (an assumption change there): still one pass for the new rate.
    recomputers[0].kick();
    await Promise.all(recomputers.map((r) => r.idle()));
    for (let i = 0; i < 100 && (await version(a)).repricing; i++) await new Promise((resolve) => setTimeout(resolve, 100));

    const after = [await version(a), await version(b)];
    expect(after[0]).toEqual(after[1]);
    expect(after[0]).toMatchObject({ rate: 6.66, repricing: false, version: before.version + 1 });
    const rewritten = recomputers.map((r, i) => r.rewritten - rewrittenBefore[i]);
    expect(rewritten.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(200);
    expect(rewritten.filter((n) => n > 0)).toHaveLength(1);
  });
});
