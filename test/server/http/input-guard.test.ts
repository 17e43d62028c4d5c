import {
  findNonFiniteNumber,
  findUnstorableText,
  NUMBER_GUARD_MESSAGE,
  TEXT_GUARD_MESSAGE,
} from '../../../src/server/http/input-guard';
import { ADMIN, bearer, createTestApp, DATABASES, json, login, SETUP_TIMEOUT, signup, type TestApp } from '../helpers';

describe('text PostgreSQL cannot store', () => {
  it('finds NUL and unpaired surrogates in keys and values at any depth, and passes the rest', () => {
    expect(findUnstorableText({ a: 'fine', b: ['ok', { c: 'x\u0000y' }] }, '')).toBe('b[1].c');
    expect(findUnstorableText({ name: 'lone \ud800 high' }, '')).toBe('name');
    expect(findUnstorableText({ name: 'lone \udc00 low' }, '')).toBe('name');
    expect(findUnstorableText({ ['k\u0000']: 1 }, '')).toBe('');
    expect(findUnstorableText({ emoji: 'house 🏠, café, 東京' }, '')).toBeNull();
    expect(findUnstorableText(42, 'n')).toBeNull();
  });

  it('finds numbers that are not finite', () => {
    expect(findNonFiniteNumber({ page: Infinity }, '')).toBe('page');
    expect(findNonFiniteNumber({ a: [1, { b: NaN }] }, '')).toBe('a[1].b');
    expect(findNonFiniteNumber({ a: [1, 2.5, -3] }, '')).toBeNull();
  });
});

describe.each(DATABASES)('every route refuses it with 400 ($name)', (database) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(database);
    admin = json(await login(t.app, ADMIN.email, ADMIN.password)).data.token as string;
  }, SETUP_TIMEOUT);
  afterAll(() => t?.close());

  it('in a public body (sign-in), a query (admin list search), a path (a session token) and an authenticated body', async () => {
    const user = await signup(t.app);
    const cases = [
      {
        method: 'POST' as const,
        url: '/api/v1/login',
        payload: { username: 'a\u0000b@example.com', password: 'x' },
        field: 'username',
      },
      { method: 'GET' as const, url: '/api/v1/admin/users?q=%00', headers: bearer(admin), field: 'q' },
      { method: 'DELETE' as const, url: '/api/v1/session/abc%00def', field: 'token' },
      {
        method: 'POST' as const,
        url: '/api/v1/auth/recentSearches',
        headers: bearer(user.token),
        payload: { name: 'Aus\ud800tin', formattedAddress: 'Austin, TX', lat: 30.2, lng: -97.7 },
        field: 'name',
      },
    ];
    for (const c of cases) {
      const response = await t.app.inject(c);
      expect({ url: c.url, status: response.statusCode }).toEqual({ url: c.url, status: 400 });
      const body = json(response);
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.message).toBe(TEXT_GUARD_MESSAGE(c.field));
      expect(response.body).not.toMatch(/at .*\.ts:\d+/);
    }
    // Nothing was written.
    const recent = await t.app.inject({ method: 'GET', url: '/api/v1/auth/recentSearches', headers: bearer(user.token) });
    expect(json(recent).data).toEqual([]);
  });

  it('answers 400, not 500, for out-of-range page numbers on the admin lists and the audit log', async () => {
    for (const path of ['/api/v1/admin/users', '/api/v1/admin/markets', '/api/v1/admin/audit-log']) {
      for (const q of ['page=1e309', 'pageSize=1e309', 'page=-1', 'page=NaN', 'pageSize=Infinity']) {
        const response = await t.app.inject({ method: 'GET', url: `${path}?${q}`, headers: bearer(admin) });
        expect({ path, q, status: response.statusCode }).toEqual({ path, q, status: 400 });
      }
    }
    const infinite = await t.app.inject({ method: 'GET', url: '/api/v1/admin/users?page=1e309', headers: bearer(admin) });
    expect(json(infinite).error.message).toBe(NUMBER_GUARD_MESSAGE('page'));
  });

  it('answers 400 for a non-finite number in a JSON body', async () => {
    const user = await signup(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/recentSearches',
      headers: { ...bearer(user.token), 'content-type': 'application/json' },
      payload: '{"name":"Austin","formattedAddress":"Austin, TX","lat":1e309,"lng":-97.7}',
    });
    expect(response.statusCode).toBe(400);
  });
});
