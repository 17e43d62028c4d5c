import { DATABASES, SETUP_TIMEOUT, createTestApp, json, login, uniqueEmail, type TestApp } from '../../helpers';

describe.each(DATABASES)('rate limits on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(database, {
      rateLimits: { loginPerMinute: 3, loginPerMinutePerAddress: 8, signupPerHour: 2, forgotPasswordPerHour: 2 },
    });
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await t?.close();
  });

  it('limits login attempts per account, then per address', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 3; i++) expect((await login(t.app, email, 'wrong-password')).statusCode).toBe(401);
    const limited = await login(t.app, email.toUpperCase(), 'wrong-password');
    expect(limited.statusCode).toBe(429);
    expect(json(limited)).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait 1 minute and try again.' },
    });
    expect(limited.headers['retry-after']).toBeDefined();

    // Another account from the same address still gets through until the address limit (8).
    const other = uniqueEmail();
    for (let i = 0; i < 3; i++) expect((await login(t.app, other, 'wrong-password')).statusCode).toBe(401);
    const third = uniqueEmail();
    expect((await login(t.app, third, 'wrong-password')).statusCode).toBe(401);
    const byAddress = await login(t.app, uniqueEmail(), 'wrong-password');
    expect(byAddress.statusCode).toBe(429);
    expect(json(byAddress).error.code).toBe('RATE_LIMITED');
  });

  it('limits signups per address', async () => {
    const signup = () =>
      t.app.inject({ method: 'POST', url: '/api/v1/signup', payload: { email: uniqueEmail(), password: 'password123' } });
    expect((await signup()).statusCode).toBe(201);
    expect((await signup()).statusCode).toBe(201);
    const limited = await signup();
    expect(limited.statusCode).toBe(429);
    expect(json(limited).error.message).toBe('Too many attempts. Please wait 60 minutes and try again.');
  });

  it('limits forgot-password per account', async () => {
    const email = uniqueEmail();
    const forgot = () => t.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { username: email } });
    expect((await forgot()).statusCode).toBe(204);
    expect((await forgot()).statusCode).toBe(204);
    const limited = await forgot();
    expect(limited.statusCode).toBe(429);
    expect(json(limited).error.code).toBe('RATE_LIMITED');
  });
});
