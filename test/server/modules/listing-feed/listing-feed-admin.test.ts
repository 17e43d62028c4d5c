/**
 * The listing feed as admins and /healthz see it (issue 30), on PGlite and PostgreSQL: GET
 * /api/v1/admin/listing-feed and "Sync now" (Admin only, audit-logged; 409 naming RESO_API_URL
 * without a feed), the schedule's first run at start, a failing feed reported in words while
 * /healthz stays 200.
 */
import { NOT_CONFIGURED_MESSAGE } from '../../../../src/server/modules/listing-feed';
import type { ListingFeedStatus, ListingFeedSyncAnswer } from '../../../../src/shared/schemas/listing-feed';
import { resoRecords, startResoServer, type ResoServer } from '../../../reso-server';
import { CLIENT, createFeedApp, feedOf } from './listing-feed-fixtures';
import { ADMIN, bearer, createTestApp, DATABASES, json, login, SETUP_TIMEOUT, signup, type TestApp } from '../../helpers';

jest.setTimeout(120_000);

const adminHeaders = async (t: TestApp) => bearer(json(await login(t.app, ADMIN.email, ADMIN.password)).data.token);
const healthOf = async (t: TestApp) => {
  const response = await t.app.inject({ method: 'GET', url: '/healthz' });
  expect(response.statusCode).toBe(200);
  return json<{ data: { listingFeed: Record<string, unknown> } }>(response).data.listingFeed;
};

describe.each(DATABASES)('the listing feed for admins on $name', (database) => {
  let server: ResoServer;
  beforeAll(async () => {
    server = await startResoServer({ ...CLIENT, pageSize: 200 });
    server.upsert(resoRecords(300, 21));
  });
  afterAll(() => server?.close());

  describe('without RESO_API_URL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(database);
    }, SETUP_TIMEOUT);
    afterAll(() => t?.close());

    it('reports the feed off, and "Sync now" answers 409 naming the variables to set', async () => {
      const headers = await adminHeaders(t);
      const status = json<{ data: ListingFeedStatus }>(
        await t.app.inject({ method: 'GET', url: '/api/v1/admin/listing-feed', headers }),
      ).data;
      expect(status).toMatchObject({ configured: false, serviceUrl: null, state: 'off', runs: [] });
      const sync = await t.app.inject({ method: 'POST', url: '/api/v1/admin/listing-feed/sync', headers });
      expect(sync.statusCode).toBe(409);
      expect(json(sync).error.message).toBe(NOT_CONFIGURED_MESSAGE);
      expect(NOT_CONFIGURED_MESSAGE).toMatch(/RESO_API_URL/);
      expect(await healthOf(t)).toMatchObject({ configured: false, state: 'off' });
    });

    it('is for admins only', async () => {
      const user = await signup(t.app);
      for (const [method, url] of [
        ['GET', '/api/v1/admin/listing-feed'],
        ['POST', '/api/v1/admin/listing-feed/sync'],
      ] as const) {
        expect((await t.app.inject({ method, url })).statusCode).toBe(401);
        expect((await t.app.inject({ method, url, headers: bearer(user.token) })).statusCode).toBe(403);
      }
    });
  });

  describe('with a feed', () => {
    let t: TestApp;
    beforeAll(async () => {
      // Scheduled: the first run starts when the app is ready.
      t = await createFeedApp(database, server, { feed: { schedule: true } });
    }, SETUP_TIMEOUT);
    afterAll(() => t?.close());

    it('syncs once at start, then shows the state, the runs and when the next one is due, no secret in sight', async () => {
      await feedOf(t).idle();
      const headers = await adminHeaders(t);
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/admin/listing-feed', headers });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(CLIENT.clientSecret);
      const status = json<{ data: ListingFeedStatus }>(response).data;
      expect(status).toMatchObject({ configured: true, serviceUrl: server.url, state: 'idle', syncMinutes: 15, lastError: null });
      expect(status.runs.map((r) => [r.kind, r.trigger, r.error])).toEqual([
        ['reconcile', 'schedule', null],
        ['full', 'schedule', null],
      ]);
      expect(status.runs[1].rows).toBe(300);
      const next = Date.parse(status.nextSyncAt!) - Date.now();
      expect(next).toBeGreaterThan(14 * 60_000);
      expect(next).toBeLessThanOrEqual(15 * 60_000);
      expect(status.lastSuccessAt).not.toBeNull();
      expect(status.lastReconciledAt).not.toBeNull();

      const health = await healthOf(t);
      expect(health).toEqual({ ...status, runs: undefined, nextSyncAt: expect.any(String) });
      expect(health).not.toHaveProperty('runs');
    });

    it('"Sync now" starts a run (202), joins one under way, and is audit-logged', async () => {
      const headers = await adminHeaders(t);
      server.upsert([
        { ListingKey: 'ADMIN-NEW-1', StandardStatus: 'Active', ListPrice: 250_000, Latitude: 30.27, Longitude: -97.74 },
      ]);
      const first = await t.app.inject({ method: 'POST', url: '/api/v1/admin/listing-feed/sync', headers });
      expect([first.statusCode, first.statusCode === 202 ? '' : first.body]).toEqual([202, '']);
      const started = json<{ data: ListingFeedSyncAnswer }>(first).data;
      expect(started).toMatchObject({ started: true, status: { state: 'syncing' } });
      const again = json<{ data: ListingFeedSyncAnswer }>(
        await t.app.inject({ method: 'POST', url: '/api/v1/admin/listing-feed/sync', headers }),
      ).data;
      expect(again.started).toBe(false);
      await feedOf(t).idle();
      const status = json<{ data: ListingFeedStatus }>(
        await t.app.inject({ method: 'GET', url: '/api/v1/admin/listing-feed', headers }),
      ).data;
      expect(status.runs[0]).toMatchObject({ kind: 'incremental', trigger: 'admin', rows: 1, added: 1, error: null });

      const log = json<{ data: { items: Array<{ action: string; entityType: string; actorUsername: string; after: unknown }> } }>(
        await t.app.inject({ method: 'GET', url: '/api/v1/admin/audit-log?entityType=listing-feed', headers }),
      ).data.items;
      expect(log.map((e) => [e.action, e.entityType, e.after])).toEqual([
        ['sync', 'listing-feed', { serviceUrl: server.url, started: false }],
        ['sync', 'listing-feed', { serviceUrl: server.url, started: true }],
      ]);
      expect(log[0].actorUsername).toBe(ADMIN.email);
    });
  });

  describe('with credentials the MLS refuses', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createFeedApp(database, server, { config: { clientSecret: 'wrong-secret' } });
    }, SETUP_TIMEOUT);
    afterAll(() => t?.close());

    it('is failing since the first failure, says why in words, and /healthz stays 200', async () => {
      await feedOf(t).sync('schedule');
      const health = await healthOf(t);
      expect(health).toMatchObject({
        state: 'failing',
        lastSuccessAt: null,
        lastError:
          'The token endpoint refused the client credentials (HTTP 401: Unknown client or wrong secret.): check RESO_CLIENT_ID, RESO_CLIENT_SECRET and RESO_TOKEN_URL',
      });
      const since = health.failingSince;
      expect(since).toEqual(expect.any(String));
      await feedOf(t).sync('schedule');
      expect((await healthOf(t)).failingSince).toBe(since);
    });
  });
});
