import { sql } from 'kysely';
import { DATABASES, SETUP_TIMEOUT, bearer, createTestApp, json, login, signup, uniqueEmail, type TestApp } from '../../helpers';

describe.each(DATABASES)('password reset on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(database);
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await t?.close();
  });

  const forgot = (username: unknown) => t.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { username } });
  const check = (token?: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/check-reset-token', query: token === undefined ? {} : { token } });
  const reset = (passwordResetToken: unknown, password: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/reset-password', payload: { password, passwordResetToken } });

  /** Requests a reset for `email` and returns the token from the link in the captured mail. */
  async function requestToken(email: string): Promise<string> {
    const response = await forgot(email);
    expect(response.statusCode).toBe(204);
    const mail = await t.mailer.waitFor(email);
    const match = /https:\/\/dealmap\.test\/passwordReset\/([A-Za-z0-9_-]+)/.exec(mail.text);
    expect(match).not.toBeNull();
    t.mailer.messages.length = 0;
    return match![1];
  }

  it('answers 204 for a known address and mails a PUBLIC_URL link, text and HTML', async () => {
    const user = await signup(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/forgot-password',
      headers: { host: 'evil.example' },
      payload: { username: ` ${user.email.toUpperCase()} ` },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const mail = await t.mailer.waitFor(user.email);
    expect(mail.from).toBe('Dealmap <no-reply@dealmap.local>');
    expect(mail.subject).toMatch(/reset/i);
    expect(mail.text).toMatch(/^https:\/\/dealmap\.test\/passwordReset\/[A-Za-z0-9_-]{43}$/m);
    expect(mail.html).toContain('https://dealmap.test/passwordReset/');
    expect(mail.text + mail.html).not.toContain('evil.example');
    t.mailer.messages.length = 0;
  });

  it('answers 204 for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const response = await forgot(email);
    expect(response.statusCode).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(t.mailer.messages.filter((m) => m.to === email)).toHaveLength(0);
  });

  it('validates the address', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).error.fields).toEqual({ username: 'Email is required' });
    const invalid = await forgot('nope');
    expect(json(invalid).error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Email is not a valid email',
      fields: { username: 'Email is not a valid email' },
    });
    const notString = await forgot(42);
    expect(notString.statusCode).toBe(400);
  });

  it('checks a token: valid 200, unknown 400, missing 400, expired 408', async () => {
    const user = await signup(t.app);
    const token = await requestToken(user.email);

    const valid = await check(token);
    expect(valid.statusCode).toBe(200);
    expect(json(valid)).toEqual({ data: { valid: true } });

    const unknown = await check('not-a-real-token');
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown)).toEqual({
      error: { code: 'TOKEN_INVALID', message: 'This password reset link is not valid. Request a new one.' },
    });

    const missing = await check();
    expect(missing.statusCode).toBe(400);
    expect(json(missing).error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { token: 'Token is required' } });

    await t.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', user.user._id)
      .execute();
    const expired = await check(token);
    expect(expired.statusCode).toBe(408);
    expect(json(expired)).toEqual({ error: { code: 'TOKEN_EXPIRED', message: 'Password reset token has expired' } });

    const resetExpired = await reset(token, 'brand-new-password');
    expect(resetExpired.statusCode).toBe(408);
    expect(json(resetExpired).error.message).toBe('Password reset token has expired');
  });

  it('resets the password once, revokes every session, and the new password works', async () => {
    const user = await signup(t.app);
    const second = json(await login(t.app, user.email, user.password)).data;
    const token = await requestToken(user.email);

    const response = await reset(token, 'brand-new-password');
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    expect((await login(t.app, user.email, user.password)).statusCode).toBe(401);
    expect((await login(t.app, user.email, 'brand-new-password')).statusCode).toBe(200);

    for (const session of [user, second]) {
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/v1/refresh-token',
        payload: { refreshToken: session.refreshToken },
      });
      expect(refresh.statusCode).toBe(401);
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/getUser', headers: bearer(session.token) });
      expect(me.statusCode).toBe(401);
    }

    // Single use.
    const used = await check(token);
    expect(used.statusCode).toBe(400);
    expect(json(used).error.code).toBe('TOKEN_INVALID');
    const again = await reset(token, 'another-password');
    expect(again.statusCode).toBe(400);
    expect(json(again).error.message).toBe('This password reset link is not valid. Request a new one.');
  });

  it('validates the new password and the token field', async () => {
    const short = await reset('whatever', 'short');
    expect(short.statusCode).toBe(400);
    expect(json(short).error.fields).toEqual({ password: 'Password must be at least 8 characters' });
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/reset-password', payload: { password: 'long-enough' } });
    expect(json(missing).error.fields).toEqual({ passwordResetToken: 'Password reset token is required' });
    const unknown = await reset('unknown-token', 'long-enough');
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).error.code).toBe('TOKEN_INVALID');
  });
});
