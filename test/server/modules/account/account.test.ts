import { DATABASES, SETUP_TIMEOUT, bearer, createTestApp, json, login, signup, uniqueEmail, type TestApp } from '../../helpers';
import { MESSAGES } from '../../../../src/shared/validation';
import { ACCOUNT_MESSAGES } from '../../../../src/server/modules/account/service';

describe.each(DATABASES)('account API on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  }, SETUP_TIMEOUT);
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'PATCH' | 'POST', url: string, token?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1/auth${url}`,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/refresh-token', payload: { refreshToken } });

  it('needs a signed-in user for every call', async () => {
    expect((await call('GET', '/userDetails')).statusCode).toBe(401);
    expect((await call('PATCH', '/userDetails', undefined, { firstName: 'A', lastName: 'B', email: 'a@b.co' })).statusCode).toBe(
      401,
    );
    expect((await call('POST', '/changePassword', undefined, { currentPassword: 'x', newPassword: 'y' })).statusCode).toBe(401);
  });

  it('GET /userDetails answers the names and the email', async () => {
    const { token, email } = await signup(t.app);
    const r = await call('GET', '/userDetails', token);
    expect(r.statusCode).toBe(200);
    expect(json(r).data).toEqual({ firstName: '', lastName: '', email });
  });

  it('PATCH /userDetails trims, lower-cases the email, answers and keeps the new details', async () => {
    const { token, password } = await signup(t.app);
    const email = uniqueEmail('renamed');
    const r = await call('PATCH', '/userDetails', token, {
      firstName: '  Ada ',
      lastName: ' Lovelace',
      email: `  ${email.toUpperCase()} `,
    });
    expect(r.statusCode).toBe(200);
    expect(json(r).data).toEqual({ firstName: 'Ada', lastName: 'Lovelace', email });
    expect(json(await call('GET', '/userDetails', token)).data).toEqual({ firstName: 'Ada', lastName: 'Lovelace', email });
    const user = json(await call('GET', '/getUser', token)).data;
    expect(user).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', username: email });
    // The email is the username: it signs in with it.
    expect((await login(t.app, email, password)).statusCode).toBe(200);
  });

  it('PATCH /userDetails answers 400 with the form messages for blank or malformed values', async () => {
    const { token, email } = await signup(t.app);
    const blank = await call('PATCH', '/userDetails', token, { firstName: ' ', lastName: '', email: '' });
    expect(blank.statusCode).toBe(400);
    expect(json(blank).error.fields).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Username/email is required',
    });
    expect(json(blank).error.message).toBe('First name is required. Last name is required. Username/email is required.');

    const malformed = await call('PATCH', '/userDetails', token, { firstName: 'A', lastName: 'B', email: 'not-an-email' });
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed).error.fields).toEqual({ email: MESSAGES.invalidEmailFor('Username/email') });

    const missing = await call('PATCH', '/userDetails', token, {});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(json(missing).error.fields)).toEqual(['firstName', 'lastName', 'email']);

    const long = await call('PATCH', '/userDetails', token, { firstName: 'x'.repeat(101), lastName: 'B', email: 'a@b.co' });
    expect(long.statusCode).toBe(400);
    expect(json(long).error.fields.firstName).toBe('First name must be at most 100 characters');

    expect(json(await call('GET', '/userDetails', token)).data.email).toBe(email);
  });

  it('PATCH /userDetails answers 409 when another user has the email (any case), and keeps its own', async () => {
    const other = await signup(t.app);
    const { token, email } = await signup(t.app);
    const r = await call('PATCH', '/userDetails', token, { firstName: 'A', lastName: 'B', email: other.email.toUpperCase() });
    expect(r.statusCode).toBe(409);
    expect(json(r).error).toMatchObject({
      code: 'CONFLICT',
      message: ACCOUNT_MESSAGES.emailTaken,
      fields: { email: ACCOUNT_MESSAGES.emailTaken },
    });
    expect(json(await call('GET', '/userDetails', token)).data.email).toBe(email);
    // Its own address, differently cased, is no conflict.
    expect(
      (await call('PATCH', '/userDetails', token, { firstName: 'A', lastName: 'B', email: email.toUpperCase() })).statusCode,
    ).toBe(200);
  });

  it('POST /changePassword ends every other session but keeps the caller signed in; the new password signs in', async () => {
    const me = await signup(t.app);
    const other1 = json(await login(t.app, me.email, me.password)).data;
    const other2 = json(await login(t.app, me.email, me.password)).data;
    const otherUser = await signup(t.app);

    const r = await call('POST', '/changePassword', me.token, { currentPassword: me.password, newPassword: 'brand-new-pass-1' });
    expect(r.statusCode).toBe(200);
    expect(json(r).data).toEqual({ message: 'Password changed successfully' });

    // The other sessions: access tokens refused at once, refresh tokens dead.
    for (const other of [other1, other2]) {
      expect((await call('GET', '/getUser', other.token)).statusCode).toBe(401);
      expect((await refresh(other.refreshToken)).statusCode).toBe(401);
    }
    // The caller's session goes on, and refreshes.
    expect((await call('GET', '/userDetails', me.token)).statusCode).toBe(200);
    const refreshed = await refresh(me.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    expect((await call('GET', '/getUser', json(refreshed).data.token)).statusCode).toBe(200);
    // Another user's session is untouched.
    expect((await call('GET', '/getUser', otherUser.token)).statusCode).toBe(200);

    expect((await login(t.app, me.email, me.password)).statusCode).toBe(401);
    expect((await login(t.app, me.email, 'brand-new-pass-1')).statusCode).toBe(200);
  });

  it('POST /changePassword: a wrong current password is 400 on currentPassword (never 401) and changes nothing', async () => {
    const me = await signup(t.app);
    const other = json(await login(t.app, me.email, me.password)).data;
    const r = await call('POST', '/changePassword', me.token, {
      currentPassword: 'wrong-password',
      newPassword: 'brand-new-pass-1',
    });
    expect(r.statusCode).toBe(400);
    expect(json(r).error).toMatchObject({
      message: ACCOUNT_MESSAGES.currentPasswordIncorrect,
      fields: { currentPassword: ACCOUNT_MESSAGES.currentPasswordIncorrect },
    });
    expect((await call('GET', '/getUser', other.token)).statusCode).toBe(200);
    expect((await login(t.app, me.email, me.password)).statusCode).toBe(200);
  });

  it.each([
    ['both missing', {}, { currentPassword: 'Current password is required', newPassword: 'New password is required' }],
    ['a blank new password', { currentPassword: 'password123', newPassword: '   ' }, { newPassword: 'New password is required' }],
    [
      'a short new password',
      { currentPassword: 'password123', newPassword: 'short' },
      { newPassword: MESSAGES.passwordTooShort },
    ],
    [
      'a long new password',
      { currentPassword: 'password123', newPassword: 'x'.repeat(129) },
      { newPassword: MESSAGES.passwordTooLong },
    ],
    [
      'the same password again',
      { currentPassword: 'password123', newPassword: 'password123' },
      { newPassword: ACCOUNT_MESSAGES.samePassword },
    ],
  ])('POST /changePassword answers 400 for %s', async (_name, payload, fields) => {
    const me = await signup(t.app, uniqueEmail(), 'password123');
    const r = await call('POST', '/changePassword', me.token, payload);
    expect(r.statusCode).toBe(400);
    expect(json(r).error.fields).toEqual(fields);
    expect((await login(t.app, me.email, 'password123')).statusCode).toBe(200);
  });
});

describe.each(DATABASES)('change password rate limit on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database, { rateLimits: { loginPerMinute: 2 } });
  }, SETUP_TIMEOUT);
  afterAll(async () => t?.close());

  it('counts attempts per user like sign-in attempts: 429 past the per-account login limit', async () => {
    const me = await signup(t.app);
    const other = await signup(t.app);
    const attempt = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/changePassword',
        headers: bearer(token),
        payload: { currentPassword: 'guess-password', newPassword: 'brand-new-pass-1' },
      });
    expect((await attempt(me.token)).statusCode).toBe(400);
    expect((await attempt(me.token)).statusCode).toBe(400);
    const limited = await attempt(me.token);
    expect(limited.statusCode).toBe(429);
    expect(json(limited).error.message).toMatch(/^Too many attempts\. Please wait 1 minute and try again\.$/);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another user is counted apart.
    expect((await attempt(other.token)).statusCode).toBe(400);
  });
});
