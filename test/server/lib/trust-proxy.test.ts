import { parseTrustProxy } from '../../../src/server/lib/trust-proxy';
import { HSTS } from '../../../src/server/http/security';
import { createTestApp, DATABASES, login, SETUP_TIMEOUT, signup, type TestApp } from '../helpers';

describe('TRUST_PROXY', () => {
  it('reads off, a hop count or a list of addresses, and refuses true and junk', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy(' 10.0.0.0/8, 127.0.0.1 ,::1 ')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    expect(parseTrustProxy('loopback')).toEqual(['loopback']);
    expect(() => parseTrustProxy('true')).toThrow(/X-Forwarded-For/);
    expect(() => parseTrustProxy('proxy.example.com')).toThrow(/not an address/);
  });
});

describe('behind a trusted proxy', () => {
  let proxied: TestApp;
  let direct: TestApp;
  beforeAll(async () => {
    const rateLimits = { loginPerMinutePerAddress: 2 };
    proxied = await createTestApp(DATABASES[0], { trustProxy: 1, rateLimits });
    direct = await createTestApp(DATABASES[0], { rateLimits });
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await proxied?.close();
    await direct?.close();
  });

  const loginFrom = (t: TestApp, address: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username: email, password: 'wrong-password' },
      headers: { 'x-forwarded-for': address },
    });

  it("rate-limits each client address, not the proxy's", async () => {
    const { email } = await signup(proxied.app);
    const statuses = async (address: string) => [
      (await loginFrom(proxied, address, email)).statusCode,
      (await loginFrom(proxied, address, email)).statusCode,
      (await loginFrom(proxied, address, email)).statusCode,
    ];
    expect(await statuses('203.0.113.7')).toEqual([401, 401, 429]);
    // Another client behind the same proxy still has its own allowance.
    expect(await statuses('198.51.100.9')).toEqual([401, 401, 429]);
  });

  it('without TRUST_PROXY, X-Forwarded-For is not believed: every caller is the socket address', async () => {
    const { email } = await signup(direct.app);
    expect((await loginFrom(direct, '203.0.113.7', email)).statusCode).toBe(401);
    expect((await loginFrom(direct, '198.51.100.9', email)).statusCode).toBe(401);
    expect((await loginFrom(direct, '192.0.2.1', email)).statusCode).toBe(429);
    expect((await login(direct.app, email, 'wrong-password')).statusCode).toBe(429);
  });

  it('sends HSTS over HTTPS only: as a trusted proxy says, never over plain HTTP', async () => {
    const https = await proxied.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe(HSTS);
    const http = await proxied.app.inject({ method: 'GET', url: '/healthz' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
    const claimed = await direct.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });
});
