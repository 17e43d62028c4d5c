import { sql } from 'kysely';
import { DATABASES, SETUP_TIMEOUT, bearer, createTestApp, json, signup, type TestApp } from '../../helpers';
import { SAVED_SEARCH_MESSAGES } from '../../../../src/server/modules/alerts/saved-searches/saved-searches-service';
import { BOUNDS_MESSAGES } from '../../../../src/shared/geo/bounds';
import { MAX_SAVED_SEARCHES } from '../../../../src/shared/schemas/alerts';
import { FILTER_MESSAGES, SORT_MESSAGES } from '../../../../src/shared/search-filters';

const API = '/api/v1/auth/saved-searches';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000999';
const AUSTIN = { ne: { lat: 30.35, lng: -97.65 }, sw: { lat: 30.2, lng: -97.85 } };
const DALLAS = { ne: { lat: 32.9, lng: -96.7 }, sw: { lat: 32.7, lng: -96.9 } };

let listingCounter = 0;
async function insertProperty(t: TestApp): Promise<string> {
  listingCounter += 1;
  const row = await sql<{ id: string }>`
    insert into properties (listing_key, list_price, address_full, city, state, zip, latitude, longitude)
    values (${`ALERT-${listingCounter}`}, 250000, ${`${100 + listingCounter} ELM ST`}, 'AUSTIN', 'tx', '78701', 30.27, -97.74)
    returning id::text as id`.execute(t.db);
  return row.rows[0].id;
}

describe.each(DATABASES)('saved searches API on $name', (database) => {
  let t: TestApp;
  let propertyIds: string[];
  beforeAll(async () => {
    t = await createTestApp(database);
    propertyIds = [await insertProperty(t), await insertProperty(t), await insertProperty(t)];
  }, SETUP_TIMEOUT);
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `${API}${url}`,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const save = (token: string, body: Record<string, unknown> = {}) =>
    call('POST', '', token, { name: 'Austin good deals', bounds: AUSTIN, ...body });
  const list = async (token: string) => json(await call('GET', '', token)).data as Array<Record<string, unknown>>;
  const columnsOf = async (id: string) =>
    (
      await sql<Record<string, unknown>>`
        select min_price, max_price, min_beds, min_baths, deal, strategy, min_coc, min_days, max_days, min_cut, query
        from saved_searches where id = ${id}::uuid`.execute(t.db)
    ).rows[0];

  it('needs a signed-in user for every call', async () => {
    for (const [method, url] of [
      ['GET', ''],
      ['POST', ''],
      ['PATCH', `/${UNKNOWN_ID}`],
      ['DELETE', `/${UNKNOWN_ID}`],
      ['POST', `/${UNKNOWN_ID}/viewed`],
    ] as const) {
      expect((await call(method, url, undefined, method === 'PATCH' || url === '' ? {} : undefined)).statusCode).toBe(401);
    }
  });

  it('POST saves the view, the normalised query and the typed filter columns, alerting instantly by default', async () => {
    const { token } = await signup(t.app);
    const r = await save(token, {
      name: '  Austin good deals  ',
      place: ' Austin, TX ',
      query: {
        minPrice: '100000',
        maxPrice: ' 400000 ',
        minBeds: '3',
        minBaths: '',
        deal: 'Market,good',
        strategy: 'brrrr',
        minCoc: '8',
        minDays: '30',
        maxDays: '365',
        cut: 'ANY',
        sort: 'coc',
        order: 'desc',
      },
    });
    expect(r.statusCode).toBe(201);
    const saved = json(r).data;
    expect(saved).toMatchObject({
      name: 'Austin good deals',
      bounds: AUSTIN,
      place: 'Austin, TX',
      query: {
        minPrice: '100000',
        maxPrice: '400000',
        minBeds: '3',
        deal: 'good,market',
        strategy: 'brrrr',
        minCoc: '8',
        minDays: '30',
        maxDays: '365',
        cut: 'any',
        sort: 'coc',
        order: 'desc',
      },
      alert: 'instant',
      newCount: 0,
    });
    expect(Object.keys(saved.query)).not.toContain('minBaths');
    expect(saved._id).toMatch(/^[0-9a-f-]{36}$/);
    // Created now: its baseline for the matcher, and nothing new yet.
    expect(saved.updatedAt).toBe(saved.createdAt);
    expect(saved.lastViewedAt).toBe(saved.createdAt);
    expect(await columnsOf(saved._id)).toEqual({
      min_price: 100_000,
      max_price: 400_000,
      min_beds: 3,
      min_baths: null,
      deal: ['Good Deal', 'Market Price'],
      strategy: 'brrrr',
      min_coc: 8,
      min_days: 30,
      max_days: 365,
      min_cut: 0,
      query: saved.query,
    });

    const plain = json(await save(token, { name: 'Dallas', bounds: DALLAS, alert: 'daily' })).data;
    expect(plain).toMatchObject({ place: null, query: {}, alert: 'daily' });
    expect(await columnsOf(plain._id)).toMatchObject({ min_price: null, deal: null, strategy: null, min_cut: null, query: {} });
  });

  it('GET lists only the caller’s own, newest first', async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    expect(await list(a.token)).toEqual([]);
    const first = json(await save(a.token, { name: 'First' })).data;
    const second = json(await save(a.token, { name: 'Second', bounds: DALLAS })).data;
    await save(b.token, { name: 'Not yours' });
    const searches = await list(a.token);
    expect(searches.map((s) => s._id)).toEqual([second._id, first._id]);
    expect(searches[0]).toEqual(second);
  });

  it.each([
    ['a blank name', { name: '   ' }, 'Name is required'],
    ['a name over 100 characters', { name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
    ['a bad price', { query: { minPrice: 'cheap' } }, FILTER_MESSAGES.price('minPrice')],
    ['prices the wrong way round', { query: { minPrice: '500000', maxPrice: '100000' } }, FILTER_MESSAGES.priceOrder],
    ['a bad deal word', { query: { deal: 'great' } }, FILTER_MESSAGES.deal],
    ['an unknown strategy', { query: { strategy: 'wholesale' } }, FILTER_MESSAGES.strategy],
    ['a minimum cash-on-cash without a strategy', { query: { minCoc: '8' } }, FILTER_MESSAGES.cocNeedsStrategy],
    ['days the wrong way round', { query: { minDays: '90', maxDays: '30' } }, FILTER_MESSAGES.daysOrder],
    ['a bad cut', { query: { cut: '0' } }, FILTER_MESSAGES.cut],
    ['sort=coc without a strategy', { query: { sort: 'coc' } }, SORT_MESSAGES.cocNeedsStrategy],
    [
      'north below south',
      { bounds: { ne: { lat: 30.2, lng: -97.65 }, sw: { lat: 30.35, lng: -97.85 } } },
      BOUNDS_MESSAGES.northSouth,
    ],
    [
      'a latitude past 90',
      { bounds: { ne: { lat: 95, lng: -97.65 }, sw: { lat: 30.2, lng: -97.85 } } },
      BOUNDS_MESSAGES.latRange,
    ],
    [
      'a longitude past 180',
      { bounds: { ne: { lat: 30.35, lng: 185 }, sw: { lat: 30.2, lng: -97.85 } } },
      BOUNDS_MESSAGES.lngRange,
    ],
    [
      'a view under 0.001° high',
      { bounds: { ne: { lat: 30.2004, lng: -97.6 }, sw: { lat: 30.2, lng: -97.7 } } },
      BOUNDS_MESSAGES.latSpanSmall,
    ],
    [
      'a view across the antimeridian',
      { bounds: { ne: { lat: 60, lng: -170 }, sw: { lat: 50, lng: 170 } } },
      SAVED_SEARCH_MESSAGES.antimeridian,
    ],
  ])('POST answers 400 for %s, with the message, and saves nothing', async (_name, body, message) => {
    const { token } = await signup(t.app);
    const r = await save(token, body);
    expect(r.statusCode).toBe(400);
    expect(json(r).error.message).toBe(message);
    expect(await list(token)).toEqual([]);
  });

  it('POST refuses an unknown sort or alert and incomplete bounds; it drops what the query does not know', async () => {
    const { token } = await signup(t.app);
    for (const body of [
      { query: { sort: 'age' } },
      { query: { order: 'up' } },
      { alert: 'weekly' },
      { bounds: { ne: AUSTIN.ne } },
    ]) {
      const r = await save(token, body);
      expect(r.statusCode).toBe(400);
      expect(json(r).error.message).toEqual(expect.any(String));
    }
    expect(json(await save(token, { alert: 'weekly' })).error.message).toBe('Alert must be one of: instant, daily, off');
    expect(await list(token)).toEqual([]);
    // The camera is not a filter: the view is the bounds.
    const r = await save(token, { query: { zoom: '12', minBeds: '2' } });
    expect(r.statusCode).toBe(201);
    expect(json(r).data.query).toEqual({ minBeds: '2' });
  });

  it('a whole region may be watched: no span limit, unlike the bounds pages', async () => {
    const { token } = await signup(t.app);
    const us = { ne: { lat: 49.4, lng: -66.9 }, sw: { lat: 24.4, lng: -124.8 } };
    const r = await save(token, { name: 'Anywhere under $80k', bounds: us, query: { maxPrice: '80000' } });
    expect(r.statusCode).toBe(201);
    expect(json(r).data.bounds).toEqual(us);
  });

  it('names are unique per user, case-insensitively (409 naming it); another user may use the same name', async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    const one = json(await save(a.token, { name: 'Austin flips' })).data;
    await save(a.token, { name: 'Dallas rentals' });
    expect((await save(b.token, { name: 'Austin flips' })).statusCode).toBe(201);

    const dup = await save(a.token, { name: 'AUSTIN FLIPS' });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).error).toMatchObject({
      code: 'CONFLICT',
      message: SAVED_SEARCH_MESSAGES.nameTaken('AUSTIN FLIPS'),
      fields: { name: SAVED_SEARCH_MESSAGES.nameTaken('AUSTIN FLIPS') },
    });
    expect(json(dup).error.message).toContain('"AUSTIN FLIPS"');

    const taken = await call('PATCH', `/${one._id}`, a.token, { name: 'dallas RENTALS' });
    expect(taken.statusCode).toBe(409);
    expect(json(taken).error.message).toBe(SAVED_SEARCH_MESSAGES.nameTaken('dallas RENTALS'));
    // Its own name in another case is fine.
    expect(json(await call('PATCH', `/${one._id}`, a.token, { name: 'AUSTIN Flips' })).data.name).toBe('AUSTIN Flips');
  });

  it(`POST answers 409 with the limit in the message once a user holds ${MAX_SAVED_SEARCHES}`, async () => {
    const { token, user } = await signup(t.app);
    await sql`
      insert into saved_searches (user_id, name, south, west, north, east)
      select ${user._id}::uuid, 'Bulk ' || n, 30.2, -97.85, 30.35, -97.65
      from generate_series(1, ${MAX_SAVED_SEARCHES - 1}) as n`.execute(t.db);
    expect((await save(token, { name: 'The last one' })).statusCode).toBe(201);
    const r = await save(token, { name: 'One too many' });
    expect(r.statusCode).toBe(409);
    expect(json(r).error.message).toBe(SAVED_SEARCH_MESSAGES.limit);
    expect(json(r).error.message).toContain(String(MAX_SAVED_SEARCHES));
    expect(await list(token)).toHaveLength(MAX_SAVED_SEARCHES);
    // Deleting one makes room again.
    const [newest] = await list(token);
    expect((await call('DELETE', `/${newest._id as string}`, token)).statusCode).toBe(204);
    expect((await save(token, { name: 'One too many' })).statusCode).toBe(201);
  });

  it('PATCH renames and changes the alert without moving the baseline; a new view or filters move it', async () => {
    const { token } = await signup(t.app);
    const saved = json(await save(token, { place: 'Austin, TX', query: { minBeds: '3' } })).data;
    const past = '2025-01-01T00:00:00.000Z';
    await sql`update saved_searches set updated_at = ${past}::timestamptz where id = ${saved._id}::uuid`.execute(t.db);

    const renamed = await call('PATCH', `/${saved._id}`, token, { name: ' Austin 3-bed ', alert: 'off' });
    expect(renamed.statusCode).toBe(200);
    expect(json(renamed).data).toMatchObject({
      _id: saved._id,
      name: 'Austin 3-bed',
      alert: 'off',
      bounds: AUSTIN,
      place: 'Austin, TX',
      query: { minBeds: '3' },
      updatedAt: past,
    });
    expect(json(await call('PATCH', `/${saved._id}`, token, { place: 'Central Austin' })).data).toMatchObject({
      place: 'Central Austin',
      bounds: AUSTIN,
      updatedAt: past,
    });

    // A new view: the bounds, and the place given with them (none here: it no longer names the view).
    const moved = json(await call('PATCH', `/${saved._id}`, token, { bounds: DALLAS })).data;
    expect(moved).toMatchObject({ bounds: DALLAS, place: null, query: { minBeds: '3' } });
    expect(Date.parse(moved.updatedAt)).toBeGreaterThan(Date.parse(past));

    await sql`update saved_searches set updated_at = ${past}::timestamptz where id = ${saved._id}::uuid`.execute(t.db);
    const refiltered = json(
      await call('PATCH', `/${saved._id}`, token, { query: { maxPrice: '300000', strategy: 'buyHold', sort: 'coc' } }),
    ).data;
    // The whole query is replaced: minBeds is gone.
    expect(refiltered.query).toEqual({ maxPrice: '300000', strategy: 'buyHold', sort: 'coc' });
    expect(Date.parse(refiltered.updatedAt)).toBeGreaterThan(Date.parse(past));
    expect(await columnsOf(saved._id)).toMatchObject({ min_beds: null, max_price: 300_000, strategy: 'buyHold', min_coc: null });
  });

  it('PATCH checks what it changes like POST, and needs something to change', async () => {
    const { token } = await signup(t.app);
    const saved = json(await save(token)).data;
    for (const [body, message] of [
      [{ name: ' ' }, 'Name is required'],
      [{ query: { minCoc: '5' } }, FILTER_MESSAGES.cocNeedsStrategy],
      [{ query: { sort: 'coc' } }, SORT_MESSAGES.cocNeedsStrategy],
      [{ bounds: { ne: { lat: 10, lng: -179 }, sw: { lat: 5, lng: 179 } } }, SAVED_SEARCH_MESSAGES.antimeridian],
    ] as const) {
      const r = await call('PATCH', `/${saved._id}`, token, body);
      expect(r.statusCode).toBe(400);
      expect(json(r).error.message).toBe(message);
    }
    expect((await call('PATCH', `/${saved._id}`, token, {})).statusCode).toBe(400);
    // A member the schema does not know is dropped, leaving nothing to change (a fuzz once got a 500 here).
    const unknownOnly = await call('PATCH', `/${saved._id}`, token, { colour: 'blue' });
    expect(unknownOnly.statusCode).toBe(400);
    expect(json(unknownOnly).error.message).toBe(SAVED_SEARCH_MESSAGES.nothingToChange);
    expect((await list(token))[0]).toEqual(saved);
  });

  it('another user never changes, deletes or views it: 404 like an unknown id; a malformed id is 400', async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    const mine = json(await save(a.token, { name: 'Private' })).data;
    for (const [method, suffix, payload] of [
      ['PATCH', '', { name: 'Stolen' }],
      ['DELETE', '', undefined],
      ['POST', '/viewed', undefined],
    ] as const) {
      for (const id of [mine._id, UNKNOWN_ID]) {
        const r = await call(method, `/${id}${suffix}`, b.token, payload);
        expect(r.statusCode).toBe(404);
        expect(json(r).error.message).toBe(SAVED_SEARCH_MESSAGES.notFound);
      }
      const bad = await call(method, `/not-an-id${suffix}`, b.token, payload);
      expect(bad.statusCode).toBe(400);
      expect(json(bad).error.message).toBe('Invalid saved search ID provided');
    }
    expect(await list(a.token)).toEqual([mine]);
  });

  it('counts the matches since the user last looked; viewing resets the count and reads its notifications', async () => {
    const { token, user } = await signup(t.app);
    const watched = json(await save(token, { name: 'Watched' })).data;
    const other = json(await save(token, { name: 'Other', bounds: DALLAS })).data;
    const match = (searchId: string, propertyId: string, reason: string, matchedAt: string | null, cutPrice = 0) =>
      sql`
        insert into alert_matches (search_id, user_id, property_id, reason, cut_price, price, matched_at)
        values (${searchId}::uuid, ${user._id}::uuid, ${propertyId}::uuid, ${reason}, ${cutPrice}, 250000,
                coalesce(${matchedAt}::timestamptz, now()))`.execute(t.db);
    // Before the user last looked: not new.
    await match(watched._id, propertyIds[0], 'new', '2025-01-01T00:00:00Z');
    await match(watched._id, propertyIds[1], 'new', null);
    await match(watched._id, propertyIds[1], 'price_cut', null, 240_000);
    await match(watched._id, propertyIds[2], 'now_pays', null);
    await match(other._id, propertyIds[0], 'new', null);

    const counts = async () => Object.fromEntries((await list(token)).map((s) => [s.name, s.newCount]));
    expect(await counts()).toEqual({ Watched: 3, Other: 1 });

    const viewed = await call('POST', `/${watched._id}/viewed`, token);
    expect(viewed.statusCode).toBe(200);
    expect(json(viewed).data).toMatchObject({ _id: watched._id, name: 'Watched', newCount: 0 });
    expect(Date.parse(json(viewed).data.lastViewedAt)).toBeGreaterThan(Date.parse(watched.lastViewedAt));
    // Viewing is not a change of the search: the matcher's baseline stays.
    expect(json(viewed).data.updatedAt).toBe(watched.updatedAt);
    expect(await counts()).toEqual({ Watched: 0, Other: 1 });
    const unread = await sql<{ search_id: string; n: number }>`
      select search_id::text as search_id, count(*)::int as n from alert_matches
      where user_id = ${user._id}::uuid and read_at is null group by search_id`.execute(t.db);
    expect(unread.rows).toEqual([{ search_id: other._id, n: 1 }]);

    // A match after the look is new again.
    await sql`
      update alert_matches set matched_at = now() + interval '1 second'
      where search_id = ${watched._id}::uuid and reason = 'now_pays'`.execute(t.db);
    expect(await counts()).toEqual({ Watched: 1, Other: 1 });
  });

  it('DELETE removes it and its matches (204), then it is gone', async () => {
    const { token, user } = await signup(t.app);
    const id = json(await save(token)).data._id as string;
    await sql`
      insert into alert_matches (search_id, user_id, property_id, reason, price)
      values (${id}::uuid, ${user._id}::uuid, ${propertyIds[0]}::uuid, 'new', 250000)`.execute(t.db);
    const r = await call('DELETE', `/${id}`, token);
    expect(r.statusCode).toBe(204);
    expect(r.body).toBe('');
    expect((await call('DELETE', `/${id}`, token)).statusCode).toBe(404);
    expect((await call('POST', `/${id}/viewed`, token)).statusCode).toBe(404);
    expect(await list(token)).toEqual([]);
    const left = await sql<{ n: number }>`select count(*)::int as n from alert_matches where search_id = ${id}::uuid`.execute(
      t.db,
    );
    expect(left.rows[0].n).toBe(0);
  });
});
