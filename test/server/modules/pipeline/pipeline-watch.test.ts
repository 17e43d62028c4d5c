import { sql } from 'kysely';
import { DATABASES, SETUP_TIMEOUT, bearer, createTestApp, json, signup, type TestApp } from '../../helpers';
import { recordWatchNews } from '../../../../src/server/modules/pipeline';

/** A watched pipeline deal's listing news reach the bell once each (issue 40). */
describe.each(DATABASES)("a watched deal's news on $name", (database) => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    // Turns run when the test asks (runOnce), never by the clock.
    t = await createTestApp(database, { alerts: { pollMs: 3_600_000, retryMs: 0 } });
    for (const [key, price] of [
      ['W-CUT', 300000],
      ['W-PENDING', 280000],
      ['W-SOLD', 260000],
      ['W-PASSED', 240000],
      ['W-GONE', 220000],
    ] as const) {
      const row = await sql<{ id: string }>`
        insert into properties (listing_key, list_price, address_full, city, state, zip, latitude, longitude)
        values (${key}, ${price}, ${`${price / 1000} ${key} ST`}, 'Austin', 'TX', '78701', 30.27, -97.74)
        returning id::text as id`.execute(t.db);
      ids[key] = row.rows[0].id;
    }
  }, SETUP_TIMEOUT);
  afterAll(async () => t?.close());

  const put = (token: string, key: string, stage: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/auth/pipeline/properties/${ids[key]}`,
      headers: bearer(token),
      payload: { stage },
    });
  const notifications = async (token: string) =>
    json(await t.app.inject({ method: 'GET', url: '/api/v1/auth/notifications', headers: bearer(token) })).data;
  const cut = async (key: string, from: number, to: number, at = sql`now()`) => {
    await sql`update properties set list_price = ${to}, updated_at = now() where listing_key = ${key}`.execute(t.db);
    await sql`insert into price_history (property_id, old_price, new_price, changed_at)
      select id, ${from}, ${to}, ${at} from properties where listing_key = ${key}`.execute(t.db);
  };
  const soldComp = async (key: string, price: number, address: string, recordedAt = sql`now()`) =>
    (
      await sql<{ id: string }>`
        insert into sold_comps (listing_key, close_price, list_price, close_date, area, address_full, city, state, zip, latitude, longitude, created_at)
        values (${key}, ${price}, ${price}, current_date, 1500, ${address}, 'Austin', 'TX', '78701', 30.27, -97.74, ${recordedAt})
        returning id::text as id`.execute(t.db)
    ).rows[0].id;

  it('records price cuts, status changes and new comps after the deal was added, each once, for the watched stages only', async () => {
    const ada = await signup(t.app);
    const bo = await signup(t.app);
    // A cut and a comp from before the deal was added are old news.
    await cut('W-CUT', 320000, 300000, sql`now() - interval '3 days'`);
    const oldComp = await soldComp('OLD-COMP', 290000, '9 OLD LN', sql`now() - interval '3 days'`);
    for (const [key, stage] of [
      ['W-CUT', 'watching'],
      ['W-PENDING', 'analysing'],
      ['W-SOLD', 'offer-made'],
      ['W-PASSED', 'passed'],
      ['W-GONE', 'under-contract'],
    ] as const) {
      expect((await put(ada.token, key, stage)).statusCode).toBe(201);
    }
    expect((await put(bo.token, 'W-CUT', 'owned')).statusCode).toBe(201);
    await sql`update properties set comp_ids = ${`{${oldComp}}`}::uuid[] where listing_key = 'W-CUT'`.execute(t.db);
    expect(await recordWatchNews(t.db)).toEqual({ price_cut: 0, status_change: 0, new_comp: 0 });

    // What the listings do after.
    await cut('W-CUT', 300000, 285000);
    await cut('W-PASSED', 240000, 230000);
    const newComp = await soldComp('NEW-COMP', 279000, '14 NEW CT');
    await sql`update properties set comp_ids = ${`{${oldComp},${newComp}}`}::uuid[] where listing_key = 'W-CUT'`.execute(t.db);
    await sql`update properties set off_market_at = now(), off_market_status = 'Pending' where listing_key = 'W-PENDING'`.execute(
      t.db,
    );
    await soldComp('W-SOLD', 255000, '260 W-SOLD ST');
    await sql`delete from properties where listing_key in ('W-SOLD', 'W-GONE')`.execute(t.db);

    // The alert worker's turn records them (a listing change waits: the version moved).
    await sql`update listing_changes set version = version + 1, changed_at = now()`.execute(t.db);
    await t.app.dealmap.alerts.runOnce();
    // Once: the same news again add nothing.
    expect(await recordWatchNews(t.db)).toEqual({ price_cut: 0, status_change: 0, new_comp: 0 });

    const answer = await notifications(ada.token);
    expect(answer.unread).toBe(5);
    const byAddress = Object.fromEntries(
      answer.notifications.map((n: { address: string; reason: string }) => [`${n.address} ${n.reason}`, n]),
    );
    expect(Object.keys(byAddress).sort()).toEqual([
      '220 W-Gone St status_change',
      '260 W-Sold St status_change',
      '280 W-Pending St status_change',
      '300 W-Cut St new_comp',
      '300 W-Cut St price_cut',
    ]);
    expect(byAddress['300 W-Cut St price_cut']).toMatchObject({
      searchId: null,
      searchName: null,
      stage: 'watching',
      propertyId: ids['W-CUT'],
      price: 285000,
      previousPrice: 300000,
      read: false,
    });
    expect(byAddress['300 W-Cut St new_comp']).toMatchObject({ compAddress: '14 New Ct', price: 279000 });
    expect(byAddress['280 W-Pending St status_change']).toMatchObject({ status: 'Pending', stage: 'analysing', price: null });
    expect(byAddress['260 W-Sold St status_change']).toMatchObject({ status: 'Sold', price: 255000, propertyId: null });
    expect(byAddress['220 W-Gone St status_change']).toMatchObject({ status: 'Removed', price: null, propertyId: null });

    // Another user's pipeline (an owned deal) hears nothing; nor does ada of bo's.
    expect(await notifications(bo.token)).toEqual({ notifications: [], unread: 0 });

    // Read one, then all; another user cannot mark ada's.
    const first = byAddress['300 W-Cut St price_cut'];
    const theirs = await t.app.inject({
      method: 'POST',
      url: `/api/v1/auth/notifications/${first._id}/read`,
      headers: bearer(bo.token),
    });
    expect(theirs.statusCode).toBe(404);
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/v1/auth/notifications/${first._id}/read`,
      headers: bearer(ada.token),
    });
    expect(read.statusCode).toBe(204);
    expect((await notifications(ada.token)).unread).toBe(4);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/notifications/read-all', headers: bearer(ada.token) });
    expect((await notifications(ada.token)).unread).toBe(0);

    // A further cut is new news; a deal removed from the pipeline takes its news with it.
    await cut('W-CUT', 285000, 279000);
    expect(await recordWatchNews(t.db)).toEqual({ price_cut: 1, status_change: 0, new_comp: 0 });
    const dealId = byAddress['300 W-Cut St price_cut'].dealId as string;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/auth/pipeline/${dealId}`, headers: bearer(ada.token) })).statusCode,
    ).toBe(204);
    const after = await notifications(ada.token);
    expect(after.notifications.filter((n: { dealId: string | null }) => n.dealId === dealId)).toEqual([]);
    expect(after.notifications).toHaveLength(3);
  });
});
