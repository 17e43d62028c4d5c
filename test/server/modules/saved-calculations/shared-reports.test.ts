import { sql } from 'kysely';
import { DATABASES, SETUP_TIMEOUT, bearer, createTestApp, json, signup, type TestApp } from '../../helpers';
import { listingWhatIf } from '../../../support/what-if';
import { DEFAULT_GROWTH } from '../../../../src/shared/invest/projection';
import { SHARE_MESSAGES } from '../../../../src/server/modules/saved-calculations/share-service';
import { signShareToken } from '../../../../src/server/modules/saved-calculations/share-token';

const API = '/api/v1/auth/shared-reports';
const COMP = '00000000-0000-4000-8000-0000000000c1';

/** A property's analysis shared as a read-only link (issue 40). */
describe.each(DATABASES)('shared reports on $name', (database) => {
  let t: TestApp;
  let propertyId: string;
  beforeAll(async () => {
    t = await createTestApp(database);
    await sql`insert into sold_comps (id, listing_key, close_price, list_price, close_date, area, address_full, city, state, zip, latitude, longitude)
      values (${COMP}, 'SHARE-COMP', 310000, 315000, '2026-09-01', 1500, '12 OAK ST', 'Austin', 'TX', '78701', 30.27, -97.74)`.execute(
      t.db,
    );
    const row = await sql<{ id: string }>`
      insert into properties (listing_key, list_price, address_full, city, state, zip, latitude, longitude, comp_ids)
      values ('SHARE-1', 320000, '7 SHARE ST', 'Austin', 'TX', '78701', 30.27, -97.74, ${`{${COMP}}`}::uuid[])
      returning id::text as id`.execute(t.db);
    propertyId = row.rows[0].id;
  }, SETUP_TIMEOUT);
  afterAll(async () => t?.close());

  const body = (changes: Record<string, unknown> = {}) => ({
    propertyId,
    strategy: 'buyHold',
    whatIf: listingWhatIf(6.5),
    growth: DEFAULT_GROWTH,
    holdYears: 10,
    offerTargets: { cashOnCashPercent: 8, flipProfitPercent: 15 },
    expiresInDays: 7,
    ...changes,
  });
  const share = (token: string, payload: object = body()) =>
    t.app.inject({ method: 'POST', url: API, headers: bearer(token), payload });
  const open = (path: string) => t.app.inject({ method: 'GET', url: `/api/v1${path.replace('/shared/', '/shared-reports/')}` });

  it('shares the analysis as it was, opens it without a sign-in, counts the views, and says when a link is revoked or expired', async () => {
    const ada = await signup(t.app);
    await sql`update users set first_name = 'Ada', last_name = 'Lovelace' where id = ${ada.user._id}`.execute(t.db);
    const created = await share(ada.token);
    expect(created.statusCode).toBe(201);
    const link = json(created).data;
    expect(link).toMatchObject({
      propertyId,
      address: '7 Share St, Austin, TX 78701',
      status: 'active',
      views: 0,
      revokedAt: null,
    });
    expect(link.path).toMatch(/^\/shared\/[A-Za-z0-9_-]+$/);
    const days = (Date.parse(link.expiresAt) - Date.parse(link.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);

    // The property changes after: the link still opens the analysis as it was shared.
    await sql`update properties set list_price = 299000 where id = ${propertyId}`.execute(t.db);
    const opened = await open(link.path);
    expect(opened.statusCode).toBe(200);
    const report = json(opened).data;
    expect(report.property).toMatchObject({ _id: propertyId, LatestListingPrice: 320000 });
    expect(report.comps).toEqual([expect.objectContaining({ _id: COMP, MLSSoldPrice: 310000 })]);
    expect(report.whatIf).toEqual(listingWhatIf(6.5));
    expect(report).toMatchObject({ strategy: 'buyHold', holdYears: 10, growth: DEFAULT_GROWTH, sharedBy: 'Ada Lovelace' });
    // Nothing of the sharer's but their name.
    expect(JSON.stringify(report)).not.toContain(ada.email);
    await open(link.path);

    const listed = json(
      await t.app.inject({ method: 'GET', url: `${API}?propertyId=${propertyId}`, headers: bearer(ada.token) }),
    ).data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ _id: link._id, views: 2, status: 'active' });
    expect(listed[0].lastViewedAt).not.toBeNull();

    // Another user sees none of them and cannot revoke them.
    const bo = await signup(t.app);
    expect(json(await t.app.inject({ method: 'GET', url: API, headers: bearer(bo.token) })).data).toEqual([]);
    const theirs = await t.app.inject({ method: 'POST', url: `${API}/${link._id}/revoke`, headers: bearer(bo.token) });
    expect(theirs.statusCode).toBe(404);

    const revoked = await t.app.inject({ method: 'POST', url: `${API}/${link._id}/revoke`, headers: bearer(ada.token) });
    expect(json(revoked).data).toMatchObject({ status: 'revoked' });
    const afterRevoke = await open(link.path);
    expect(afterRevoke.statusCode).toBe(410);
    expect(json(afterRevoke).error).toMatchObject({ code: 'GONE', message: SHARE_MESSAGES.revoked });

    const second = json(await share(ada.token, body({ expiresInDays: 1 }))).data;
    await sql`update shared_reports set expires_at = '2026-11-20T12:00:00Z' where id = ${second._id}`.execute(t.db);
    const expired = await open(second.path);
    expect(expired.statusCode).toBe(410);
    expect(json(expired).error.message).toBe(SHARE_MESSAGES.expired('Nov 20, 2026'));
    // Views of a link that did not open are not counted.
    const rows = await sql<{ views: number }>`select views from shared_reports where id = ${second._id}`.execute(t.db);
    expect(rows.rows[0].views).toBe(0);
  });

  it('refuses a link that is cut short, changed or made without the secret, and bad input with a message', async () => {
    const ada = await signup(t.app);
    const link = json(await share(ada.token)).data;
    for (const path of [
      link.path.slice(0, -3),
      `${link.path.slice(0, -1)}${link.path.endsWith('A') ? 'B' : 'A'}`,
      '/shared/nonsense',
    ]) {
      const answer = await open(path);
      expect(answer.statusCode).toBe(404);
      expect(json(answer).error.message).toBe(SHARE_MESSAGES.badLink);
    }
    const forged = await open(`/shared/${signShareToken('another secret', link._id)}`);
    expect(forged.statusCode).toBe(404);

    for (const [changes, status, message] of [
      [{ expiresInDays: 0 }, 400, /Expires in days must be >= 1/],
      [{ expiresInDays: 91 }, 400, /Expires in days must be <= 90/],
      [{ propertyId: 'not-an-id' }, 400, /Property id must be a UUID/],
      [{ growth: { ...DEFAULT_GROWTH, appreciationPercent: 50 } }, 400, /Appreciation \(per year\) must be between -20 and 20/],
      [{ whatIf: { figures: {} } }, 400, /./],
    ] as const) {
      const answer = await share(ada.token, body(changes));
      expect(answer.statusCode).toBe(status);
      expect(json(answer).error.message).toMatch(message);
    }
    // Nothing was added by the refused ones.
    expect(json(await t.app.inject({ method: 'GET', url: API, headers: bearer(ada.token) })).data).toHaveLength(1);
    // Every call but the link's own needs a sign-in.
    expect((await t.app.inject({ method: 'GET', url: API })).statusCode).toBe(401);
  });
});
