import { sql } from 'kysely';
import { ADMIN, DATABASES, SETUP_TIMEOUT, bearer, createTestApp, json, login, signup, type TestApp } from '../../helpers';
import { PIPELINE_MESSAGES } from '../../../../src/server/modules/pipeline/service';

describe.each(DATABASES)('the pipeline on $name', (database) => {
  let t: TestApp;
  const listings: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(database);
    for (const [n, price] of [
      [1, 250000],
      [2, 310000],
      [3, 199000],
    ] as const) {
      const row = await sql<{ id: string }>`
        insert into properties (listing_key, list_price, address_full, city, state, zip, latitude, longitude)
        values (${`PIPE-${n}`}, ${price}, ${`${n} PIPE ST`}, 'Austin', 'TX', '78701', 30.27, -97.74) returning id::text as id`.execute(
        t.db,
      );
      listings.push(row.rows[0].id);
    }
  }, SETUP_TIMEOUT);
  afterAll(async () => t?.close());

  const put = (token: string, propertyId: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/auth/pipeline/properties/${propertyId}`, headers: bearer(token), payload });
  const patch = (token: string, id: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/v1/auth/pipeline/${id}`, headers: bearer(token), payload });
  const get = (token: string, path = '') =>
    t.app.inject({ method: 'GET', url: `/api/v1/auth/pipeline${path}`, headers: bearer(token) });

  it('puts a property in the pipeline, moves it through the stages with each move dated, and keeps the offer price', async () => {
    const ada = await signup(t.app);
    const added = await put(ada.token, listings[0], { stage: 'watching' });
    expect(added.statusCode).toBe(201);
    const deal = json(added).data;
    expect(deal).toMatchObject({
      propertyId: listings[0],
      address: '1 Pipe St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      listPrice: 250000,
      listingStatus: 'Active',
      stage: 'watching',
      offerPrice: null,
    });
    expect(deal.moves.map((m: { stage: string }) => m.stage)).toEqual(['watching']);

    // Again from the property page: the same deal, moved; an offer price given.
    const moved = await put(ada.token, listings[0], { stage: 'offer-made', offerPrice: 236000 });
    expect(moved.statusCode).toBe(200);
    expect(json(moved).data).toMatchObject({ _id: deal._id, stage: 'offer-made', offerPrice: 236000 });
    // The board moves it by its id; the offer price stays unless it is given.
    const owned = json(await patch(ada.token, deal._id, { stage: 'under-contract' })).data;
    expect(owned).toMatchObject({ stage: 'under-contract', offerPrice: 236000 });
    expect(owned.moves.map((m: { stage: string }) => m.stage)).toEqual(['watching', 'offer-made', 'under-contract']);
    expect(Date.parse(owned.stageSince)).toBeGreaterThanOrEqual(Date.parse(deal.stageSince));
    // The same stage again records no move; null clears the offer price.
    const same = json(await patch(ada.token, deal._id, { stage: 'under-contract', offerPrice: null })).data;
    expect(same.moves).toHaveLength(3);
    expect(same.offerPrice).toBeNull();

    await put(ada.token, listings[1], { stage: 'analysing' });
    const list = json(await get(ada.token)).data;
    expect(list.map((d: { propertyId: string }) => d.propertyId)).toEqual([listings[1], listings[0]]);
    expect(json(await get(ada.token, `/properties/${listings[0]}`)).data._id).toBe(deal._id);
    expect(json(await get(ada.token, `/${deal._id}`)).data.stage).toBe('under-contract');

    // The list as a CSV file, all of it or the stages asked for.
    const csv = await get(ada.token, '/export.csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Address,City,State,ZIP,Stage,In stage since,Offer price,List price,Listing status,Added');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 5).join(','))).toEqual([
      '2 Pipe St,Austin,TX,78701,Analysing',
      '1 Pipe St,Austin,TX,78701,Under contract',
    ]);
    const some = (await get(ada.token, '/export.csv?stages=under-contract,owned')).body.trimEnd().split('\r\n');
    expect(some).toHaveLength(2);
    expect(some[1]).toContain('Under contract');
    const bad = await get(ada.token, '/export.csv?stages=watching,bought');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error.message).toBe(PIPELINE_MESSAGES.badStages);
  });

  it("is the user's alone: another investor and an admin find none of it and change nothing", async () => {
    const ada = await signup(t.app);
    const bob = await signup(t.app);
    const admin = json(await login(t.app, ADMIN.email, ADMIN.password)).data.token as string;
    const deal = json(await put(ada.token, listings[2], { stage: 'watching' })).data;
    for (const token of [bob.token, admin]) {
      expect(json(await get(token)).data).toEqual([]);
      expect((await get(token, `/${deal._id}`)).statusCode).toBe(404);
      expect((await get(token, `/properties/${listings[2]}`)).statusCode).toBe(404);
      const changed = await patch(token, deal._id, { stage: 'passed' });
      expect(changed.statusCode).toBe(404);
      expect(json(changed).error.message).toBe(PIPELINE_MESSAGES.notFound);
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/v1/auth/pipeline/${deal._id}`, headers: bearer(token) })).statusCode,
      ).toBe(404);
    }
    expect(json(await get(ada.token, `/${deal._id}`)).data.stage).toBe('watching');
    // Bob's own deal on the same property is his.
    expect((await put(bob.token, listings[2], { stage: 'passed' })).statusCode).toBe(201);
    expect(json(await get(ada.token, `/${deal._id}`)).data.stage).toBe('watching');
  });

  it('refuses a stage that does not exist, a bad price, a bad id, an unknown property and a signed-out caller, changing nothing', async () => {
    const ada = await signup(t.app);
    const deal = json(await put(ada.token, listings[0], { stage: 'watching' })).data;
    const badStage = await patch(ada.token, deal._id, { stage: 'bought' });
    expect(badStage.statusCode).toBe(400);
    expect(json(badStage).error.message).toBe(
      'Stage must be one of: watching, analysing, offer-made, under-contract, owned, passed',
    );
    expect((await put(ada.token, listings[0], { stage: 'sold' })).statusCode).toBe(400);
    expect((await patch(ada.token, deal._id, { offerPrice: 0 })).statusCode).toBe(400);
    expect((await patch(ada.token, deal._id, { offerPrice: 12.5 })).statusCode).toBe(400);
    expect((await patch(ada.token, deal._id, {})).statusCode).toBe(400);
    expect((await patch(ada.token, 'nope', { stage: 'owned' })).statusCode).toBe(400);
    const unknown = await put(ada.token, '00000000-0000-4000-8000-000000000000', { stage: 'watching' });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).error.message).toBe(PIPELINE_MESSAGES.propertyNotFound);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/pipeline' })).statusCode).toBe(401);
    const after = json(await get(ada.token, `/${deal._id}`)).data;
    expect(after).toMatchObject({ stage: 'watching', offerPrice: null });
    expect(after.moves).toHaveLength(1);
  });

  it('keeps a deal when its listing leaves the listings: its address and last price, Sold when it sold; removed on request', async () => {
    const ada = await signup(t.app);
    const ids: string[] = [];
    for (const key of ['PIPE-SOLD', 'PIPE-GONE']) {
      const row = await sql<{ id: string }>`
        insert into properties (listing_key, list_price, address_full, city, state, zip, latitude, longitude)
        values (${key}, 400000, '9 GONE AVE', 'Austin', 'TX', '78702', 30.26, -97.72) returning id::text as id`.execute(t.db);
      ids.push(row.rows[0].id);
    }
    const sold = json(await put(ada.token, ids[0], { stage: 'under-contract', offerPrice: 390000 })).data;
    const gone = json(await put(ada.token, ids[1], { stage: 'watching' })).data;
    await sql`insert into sold_comps (listing_key, close_price, list_price, close_date, area, city, state, zip, latitude, longitude)
      values ('PIPE-SOLD', 392000, 400000, current_date, 1500, 'Austin', 'TX', '78702', 30.26, -97.72)`.execute(t.db);
    await sql`delete from properties where listing_key in ('PIPE-SOLD', 'PIPE-GONE')`.execute(t.db);

    expect(json(await get(ada.token, `/${sold._id}`)).data).toMatchObject({
      propertyId: null,
      address: '9 Gone Ave',
      listPrice: 400000,
      listingStatus: 'Sold',
      stage: 'under-contract',
      offerPrice: 390000,
    });
    expect(json(await get(ada.token, `/${gone._id}`)).data.listingStatus).toBe('Removed');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/auth/pipeline/${gone._id}`,
      headers: bearer(ada.token),
    });
    expect(removed.statusCode).toBe(204);
    expect((await get(ada.token, `/${gone._id}`)).statusCode).toBe(404);
    expect(json(await get(ada.token)).data.map((d: { _id: string }) => d._id)).toEqual([sold._id]);
  });
});
