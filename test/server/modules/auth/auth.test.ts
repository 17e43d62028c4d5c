import { hashToken, openSuccessor } from '../../../../src/server/modules/auth/tokens';
import { sql } from 'kysely';
import {
  ADMIN,
  DATABASES,
  SETUP_TIMEOUT,
  bearer,
  createTestApp,
  json,
  login,
  signup,
  uniqueEmail,
  type TestApp,
} from '../../helpers';

describe.each(DATABASES)('auth on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(database);
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await t?.close();
  });

  describe('POST /api/v1/login', () => {
    it('signs in the seeded admin, case-insensitively and trimmed, and sets lastLogin', async () => {
      const response = await login(t.app, `  ${ADMIN.email.toUpperCase()} `, ADMIN.password);
      expect(response.statusCode).toBe(200);
      const { data } = json(response);
      expect(typeof data.token).toBe('string');
      expect(data.token.split('.')).toHaveLength(3);
      expect(typeof data.refreshToken).toBe('string');
      expect(data.user).toMatchObject({
        username: ADMIN.email,
        firstName: 'Dealmap',
        lastName: 'Admin',
        role: 'Admin',
        roleName: 'Admin',
        active: true,
        accountId: null,
        accountName: null,
      });
      expect(new Date(data.user.lastLogin).getTime()).toBeGreaterThan(Date.now() - 60_000);
    });

    it('refuses a wrong password and an unknown user with the same message', async () => {
      const wrong = await login(t.app, ADMIN.email, 'not-the-password');
      const unknown = await login(t.app, uniqueEmail(), 'whatever1');
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(json(response)).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Invalid email or password' } });
      }
    });

    it('answers an inactive user as a wrong password, whether the password is right or not', async () => {
      const user = await signup(t.app);
      await t.db.updateTable('users').set({ active: false }).where('id', '=', user.user._id).execute();
      const right = await login(t.app, user.email, user.password);
      const wrong = await login(t.app, user.email, 'not-the-password');
      for (const response of [right, wrong]) {
        expect(response.statusCode).toBe(401);
        expect(json(response)).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Invalid email or password' } });
      }
      // The inactive user's existing session cannot be refreshed and its access token stops working.
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/v1/refresh-token',
        payload: { refreshToken: user.refreshToken },
      });
      expect([401, 403]).toContain(refresh.statusCode);
      expect(json(refresh).error.code).toBe('FORBIDDEN');
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/getUser', headers: bearer(user.token) });
      expect(me.statusCode).toBe(401);
    });

    it('answers 400 with field messages for a missing or blank field', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { username: '  ' } });
      expect(response.statusCode).toBe(400);
      const { error } = json(response);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.fields).toEqual({ username: 'Email is required', password: 'Password is required' });
      expect(error.message).toBe('Email is required. Password is required.');
    });

    it('answers 400 for a body that is not an object or not JSON', async () => {
      const none = await t.app.inject({ method: 'POST', url: '/api/v1/login' });
      expect(none.statusCode).toBe(400);
      expect(json(none).error.code).toBe('VALIDATION_FAILED');
      const malformed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"username": "a@b.c", ',
      });
      expect(malformed.statusCode).toBe(400);
      expect(json(malformed)).toEqual({ error: { code: 'VALIDATION_FAILED', message: 'The request body is not valid JSON' } });
      const array = await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: [1, 2] });
      expect(array.statusCode).toBe(400);
    });
  });

  describe('POST /api/v1/signup', () => {
    it('creates an Investor without an account and signs them in', async () => {
      const email = uniqueEmail('New');
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/signup',
        payload: { email: `  ${email} `, password: 'password123' },
      });
      expect(response.statusCode).toBe(201);
      const { data } = json(response);
      expect(data.token).toBeTruthy();
      expect(data.refreshToken).toBeTruthy();
      expect(data.user).toMatchObject({
        username: email.toLowerCase(),
        role: 'Investor',
        roleName: 'Investor',
        accountId: null,
        accountName: null,
        active: true,
      });
      const again = await login(t.app, email, 'password123');
      expect(again.statusCode).toBe(200);
    });

    it('refuses a duplicate email (any case) with 409', async () => {
      const user = await signup(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/signup',
        payload: { email: user.email.toUpperCase(), password: 'another-pass' },
      });
      expect(response.statusCode).toBe(409);
      expect(json(response).error).toEqual({
        code: 'CONFLICT',
        message: 'An account with this email already exists. Sign in or reset your password.',
      });
    });

    it('checks the email pattern and the password length', async () => {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/v1/signup',
        payload: { email: 'not-an-email', password: 'short' },
      });
      expect(bad.statusCode).toBe(400);
      expect(json(bad).error.fields).toEqual({
        email: 'Email is not a valid email',
        password: 'Password must be at least 8 characters',
      });
      const long = await t.app.inject({
        method: 'POST',
        url: '/api/v1/signup',
        payload: { email: uniqueEmail(), password: 'x'.repeat(129) },
      });
      expect(long.statusCode).toBe(400);
      expect(json(long).error).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Password must be at most 128 characters',
        fields: { password: 'Password must be at most 128 characters' },
      });
      const missing = await t.app.inject({ method: 'POST', url: '/api/v1/signup', payload: { password: 'password123' } });
      expect(json(missing).error.fields).toEqual({ email: 'Email is required' });
      const wrongType = await t.app.inject({
        method: 'POST',
        url: '/api/v1/signup',
        payload: { email: { a: 1 }, password: 'password123' },
      });
      expect(wrongType.statusCode).toBe(400);
      expect(json(wrongType).error.fields).toEqual({ email: 'Invalid email address' });
    });
  });

  describe('GET /api/v1/auth/getUser', () => {
    it('returns the signed-in user without any password hash', async () => {
      const user = await signup(t.app);
      const strategy = await t.db.selectFrom('strategies').select('id').where('name', '=', 'BRRRR').executeTakeFirstOrThrow();
      // A new user starts with every strategy (migration 0013); this one keeps only BRRRR.
      await t.db.deleteFrom('user_strategies').where('user_id', '=', user.user._id).execute();
      await t.db.insertInto('user_strategies').values({ user_id: user.user._id, strategy_id: strategy.id }).execute();
      const account = await t.db
        .insertInto('accounts')
        .values({ name: `Acme ${user.email}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .updateTable('users')
        .set({ account_id: account.id, experience: 'Two rentals' })
        .where('id', '=', user.user._id)
        .execute();

      const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/getUser', headers: bearer(user.token) });
      expect(response.statusCode).toBe(200);
      const { data } = json(response);
      expect(Object.keys(data).sort()).toEqual(
        [
          '_id',
          'firstName',
          'lastName',
          'username',
          'roleId',
          'role',
          'roleName',
          'accountId',
          'accountName',
          'active',
          'lastLogin',
          'profile',
        ].sort(),
      );
      expect(data).toMatchObject({
        _id: user.user._id,
        username: user.email,
        role: 'Investor',
        roleName: 'Investor',
        accountId: account.id,
        accountName: `Acme ${user.email}`,
        profile: { role: 'Investor', strategies: [strategy.id], markets: [], interests: [], experience: 'Two rentals' },
      });
      expect(response.body).not.toMatch(/scrypt|password/i);

      // Deleting a strategy removes it from profiles.
      await t.db.deleteFrom('strategies').where('id', '=', strategy.id).execute();
      const after = await t.app.inject({ method: 'GET', url: '/api/v1/auth/getUser', headers: bearer(user.token) });
      expect(json(after).data.profile.strategies).toEqual([]);
    });

    it('answers 401 without a token, with a bad token and with a tampered token', async () => {
      const user = await signup(t.app);
      const [header, payload] = user.token.split('.');
      const forged = `${header}.${payload}.${'A'.repeat(43)}`;
      for (const headers of [{}, bearer('garbage'), bearer(forged), { authorization: user.token }]) {
        const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/getUser', headers });
        expect(response.statusCode).toBe(401);
        expect(json(response)).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Sign in to continue.' } });
      }
    });

    it('answers 401 for an unknown authenticated route before anything else', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/nothing-here' });
      expect([401, 404]).toContain(response.statusCode);
      expect(json(response).error).toBeDefined();
    });
  });

  describe('POST /api/v1/refresh-token', () => {
    const refresh = (refreshToken: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/v1/refresh-token', payload: { refreshToken } });

    it('rotates the refresh token and detects reuse of a rotated one', async () => {
      const user = await signup(t.app);
      const first = await refresh(user.refreshToken);
      expect(first.statusCode).toBe(200);
      const rotated = json(first).data;
      expect(rotated.refreshToken).not.toBe(user.refreshToken);
      expect(rotated.token).toBeTruthy();
      expect(rotated.user.username).toBe(user.email);

      // The new access token works.
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/getUser', headers: bearer(rotated.token) });
      expect(me.statusCode).toBe(200);

      // Presenting the old one again after the grace (a copied token) revokes the whole session.
      await t.db
        .updateTable('refresh_tokens')
        .set({ rotated_at: sql<Date>`now() - interval '1 minute'` })
        .where('rotated_at', 'is not', null)
        .execute();
      const reuse = await refresh(user.refreshToken);
      expect(reuse.statusCode).toBe(401);
      expect(json(reuse)).toEqual({
        error: { code: 'TOKEN_INVALID', message: 'Your session has expired. Please sign in again.' },
      });
      const next = await refresh(rotated.refreshToken);
      expect(next.statusCode).toBe(401);
      const meAfter = await t.app.inject({ method: 'GET', url: '/api/v1/auth/getUser', headers: bearer(rotated.token) });
      expect(meAfter.statusCode).toBe(401);
    });

    it("within the grace a rotated token answers the session's current tokens (a second tab), following every rotation since", async () => {
      const user = await signup(t.app);
      const second = json(await refresh(user.refreshToken)).data;
      const third = json(await refresh(second.refreshToken)).data;
      // A tab still holding the first token, a moment later: the current pair, not a revoked session.
      const late = await refresh(user.refreshToken);
      expect(late.statusCode).toBe(200);
      expect(json(late).data.refreshToken).toBe(third.refreshToken);
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/getUser', headers: bearer(json(late).data.token) });
      expect(me.statusCode).toBe(200);
      // The session goes on: the current token still rotates.
      expect((await refresh(third.refreshToken)).statusCode).toBe(200);
    });

    it('two tabs refreshing with the same token at once both get the same new pair', async () => {
      const user = await signup(t.app);
      const answers = await Promise.all([refresh(user.refreshToken), refresh(user.refreshToken)]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const [a, b] = answers.map((a) => json(a).data.refreshToken as string);
      expect(a).toBe(b);
      expect((await refresh(a)).statusCode).toBe(200);
    });

    it('the database alone cannot open a sealed successor: only the rotated token does', async () => {
      const user = await signup(t.app);
      const next = json(await refresh(user.refreshToken)).data.refreshToken as string;
      const row = await t.db
        .selectFrom('refresh_tokens')
        .select('successor')
        .where('token_hash', '=', hashToken(user.refreshToken))
        .executeTakeFirstOrThrow();
      expect(row.successor).not.toContain(next);
      expect(openSuccessor(user.refreshToken, row.successor!)).toBe(next);
      expect(openSuccessor(next, row.successor!)).toBeNull();
      expect(openSuccessor(user.refreshToken, 'tampered')).toBeNull();
    });

    it('refuses unknown and expired tokens and a bad body', async () => {
      const unknown = await refresh('no-such-token');
      expect(unknown.statusCode).toBe(401);
      expect(json(unknown).error.code).toBe('TOKEN_INVALID');

      const user = await signup(t.app);
      await t.db
        .updateTable('sessions')
        .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
        .where('user_id', '=', user.user._id)
        .execute();
      const expired = await refresh(user.refreshToken);
      expect(expired.statusCode).toBe(401);
      expect(json(expired).error.message).toBe('Your session has expired. Please sign in again.');

      const bad = await refresh('');
      expect(bad.statusCode).toBe(400);
      expect(json(bad).error.fields).toEqual({ refreshToken: 'Refresh token is required' });
    });
  });

  describe('DELETE /api/v1/session/:token', () => {
    it('revokes the session; refresh and the access token then fail; repeating is fine', async () => {
      const user = await signup(t.app);
      const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/session/${user.refreshToken}` });
      expect(del.statusCode).toBe(204);
      expect(del.body).toBe('');
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/v1/refresh-token',
        payload: { refreshToken: user.refreshToken },
      });
      expect(refresh.statusCode).toBe(401);
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/getUser', headers: bearer(user.token) });
      expect(me.statusCode).toBe(401);

      const again = await t.app.inject({ method: 'DELETE', url: `/api/v1/session/${user.refreshToken}` });
      expect(again.statusCode).toBe(204);
      const unknown = await t.app.inject({ method: 'DELETE', url: '/api/v1/session/unknown-token' });
      expect(unknown.statusCode).toBe(204);
    });
  });
});
