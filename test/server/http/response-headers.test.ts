import { PERMISSIONS_POLICY } from '../../../src/server/http/security';
import { ADMIN, bearer, createTestApp, DATABASES, json, login, SETUP_TIMEOUT, signup, type TestApp } from '../helpers';

describe('response headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(DATABASES[0]);
  }, SETUP_TIMEOUT);
  afterAll(() => t?.close());

  it('no API answer with tokens or personal data may be stored: Cache-Control no-store', async () => {
    const user = await signup(t.app);
    const admin = json(await login(t.app, ADMIN.email, ADMIN.password)).data.token as string;
    const answers = [
      await login(t.app, user.email, user.password),
      await t.app.inject({ method: 'POST', url: '/api/v1/refresh-token', payload: { refreshToken: user.refreshToken } }),
      await t.app.inject({ method: 'GET', url: '/api/v1/auth/getUser', headers: bearer(user.token) }),
      await t.app.inject({ method: 'GET', url: '/api/v1/auth/userDetails', headers: bearer(user.token) }),
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/users', headers: bearer(admin) }),
      await t.app.inject({ method: 'GET', url: '/api/v1/auth/getUser' }),
    ];
    answers.forEach((response, i) => {
      expect({ answer: i, status: response.statusCode < 500, cache: response.headers['cache-control'] }).toEqual({
        answer: i,
        status: true,
        cache: 'no-store',
      });
    });
  });

  it('every answer denies the browser features the app does not use', async () => {
    for (const url of ['/healthz', '/api/v1/lookups/investmentStrategies', '/no-such-page']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    }
    expect(PERMISSIONS_POLICY).toMatch(/camera=\(\)/);
    expect(PERMISSIONS_POLICY).toMatch(/geolocation=\(\)/);
  });
});
