import { DATABASES, SETUP_TIMEOUT, bearer, createTestApp, json, signup, type TestApp } from '../../helpers';
import { RECENT_SEARCH_LIMIT, RECENT_SEARCH_MESSAGES } from '../../../../src/server/modules/recent-searches/routes';
import { FILTER_MESSAGES } from '../../../../src/shared/search-filters';

const AUSTIN = {
  placeId: 'ChIJLwPMoJm1RIYRetVp1EtGm10',
  name: 'Austin',
  formattedAddress: 'Austin, TX, USA',
  lat: 30.267153,
  lng: -97.7430608,
  viewport: { ne: { lat: 30.5168, lng: -97.5684 }, sw: { lat: 30.0987, lng: -97.9384 } },
};

describe.each(DATABASES)('recent searches API on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  }, SETUP_TIMEOUT);
  afterAll(async () => t?.close());

  const post = (token: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/recentSearches', headers: bearer(token), payload: payload as object });
  const list = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/auth/recentSearches', headers: bearer(token) });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/recentSearches' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/recentSearches', payload: AUSTIN })).statusCode).toBe(401);
  });

  it('records a search and lists it, with or without placeId and viewport', async () => {
    const { token } = await signup(t.app);
    const created = await post(token, AUSTIN);
    expect(created.statusCode).toBe(201);
    const saved = json(created).data;
    expect(saved).toMatchObject({ ...AUSTIN });
    expect(typeof saved._id).toBe('string');
    expect(new Date(saved.createdAt).toString()).not.toBe('Invalid Date');

    const bare = await post(token, { name: '78701', formattedAddress: 'Austin, TX 78701, USA', lat: 30.27, lng: -97.74 });
    expect(bare.statusCode).toBe(201);
    expect(json(bare).data).toMatchObject({ placeId: null, viewport: null, name: '78701' });

    const response = await list(token);
    expect(response.statusCode).toBe(200);
    expect(json(response).data.map((s: { name: string }) => s.name)).toEqual(['78701', 'Austin']);
  });

  it('keeps the filters searched with (normalised), {} without; bad filters are 400 and record nothing', async () => {
    const { token } = await signup(t.app);
    const plain = await post(token, AUSTIN);
    expect(json(plain).data.filters).toEqual({});
    const filtered = await post(token, {
      ...AUSTIN,
      name: 'Dallas',
      filters: { minPrice: '100000', minBeds: '', deal: 'over,good', strategy: 'brrrr', minCoc: '5' },
    });
    expect(filtered.statusCode).toBe(201);
    expect(json(filtered).data.filters).toEqual({ minPrice: '100000', deal: 'good,over', strategy: 'brrrr', minCoc: '5' });
    const bad = await post(token, { ...AUSTIN, name: 'Houston', filters: { minCoc: '5' } });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error.message).toBe(FILTER_MESSAGES.cocNeedsStrategy);
    const names = json(await list(token)).data.map((r: { name: string }) => r.name);
    expect(names).toEqual(['Dallas', 'Austin']);
    expect(json(await list(token)).data[0].filters).toEqual({
      minPrice: '100000',
      deal: 'good,over',
      strategy: 'brrrr',
      minCoc: '5',
    });
  });

  it('keeps the newest 10 per user, newest first, and dedupes by name', async () => {
    const { token } = await signup(t.app);
    for (let i = 1; i <= 12; i += 1) {
      expect(
        (await post(token, { name: `Place ${i}`, formattedAddress: `Place ${i}, TX`, lat: 30 + i / 100, lng: -97 })).statusCode,
      ).toBe(201);
    }
    let names = json(await list(token)).data.map((s: { name: string }) => s.name);
    expect(names).toHaveLength(RECENT_SEARCH_LIMIT);
    expect(names[0]).toBe('Place 12');
    expect(names).not.toContain('Place 1');
    expect(names).not.toContain('Place 2');

    // The same name again (any case) moves to the top instead of adding a row.
    const again = await post(token, { name: 'place 5', formattedAddress: 'Place 5, TX, USA', lat: 30.05, lng: -97 });
    expect(again.statusCode).toBe(201);
    const searches = json(await list(token)).data;
    names = searches.map((s: { name: string }) => s.name);
    expect(names).toHaveLength(RECENT_SEARCH_LIMIT);
    expect(names[0]).toBe('place 5');
    expect(names.filter((n: string) => n.toLowerCase() === 'place 5')).toHaveLength(1);
    expect(searches[0].formattedAddress).toBe('Place 5, TX, USA');
  });

  it('shows each user only their own searches', async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    await post(a.token, { ...AUSTIN, name: 'Only A' });
    expect(json(await list(b.token)).data).toEqual([]);
    expect(json(await list(a.token)).data.map((s: { name: string }) => s.name)).toEqual(['Only A']);
  });

  it.each([
    ['no name', { formattedAddress: 'x', lat: 1, lng: 1 }, 'Name is required'],
    ['a blank name', { name: '   ', formattedAddress: 'x', lat: 1, lng: 1 }, 'Name is required'],
    ['latitude out of range', { name: 'x', formattedAddress: 'x', lat: 91, lng: 1 }, 'Lat must be <= 90'],
    ['longitude not a number', { name: 'x', formattedAddress: 'x', lat: 1, lng: 'west' }, 'Lng must be a number'],
    ['a broken viewport', { name: 'x', formattedAddress: 'x', lat: 1, lng: 1, viewport: { ne: { lat: 1 } } }, undefined],
    [
      'a viewport upside down',
      { name: 'x', formattedAddress: 'x', lat: 1, lng: 1, viewport: { ne: { lat: 0, lng: 2 }, sw: { lat: 1, lng: 0 } } },
      RECENT_SEARCH_MESSAGES.viewportOrder,
    ],
  ])('answers 400 for %s', async (_name, payload, message) => {
    const { token } = await signup(t.app);
    const response = await post(token, payload);
    expect(response.statusCode).toBe(400);
    const body = json(response);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    if (message) expect(body.error.message).toBe(message);
    expect(json(await list(token)).data).toEqual([]);
  });
});
