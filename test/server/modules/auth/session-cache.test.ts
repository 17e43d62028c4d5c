import { createSessionCache, QUIET_MS } from '../../../../src/server/modules/auth/session-cache';
import { DATABASES, SETUP_TIMEOUT, createTestApp, json, login, type TestApp } from '../../helpers';
import { adminSession, client, createUser, PASSWORD, roleIds, signIn, type Client } from '../admin/admin-fixtures';

const context = (sessionId: string, userId = 'u1') => ({ sessionId, userId, role: 'Investor' as const });

describe('session cache', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => {
    clock = 100_000;
  });

  it('remembers a check for its TTL, for the same user only', () => {
    const cache = createSessionCache({ ttlMs: 5000, now });
    cache.remember(context('s1'), cache.epoch());
    expect(cache.get('s1', 'u1')).toEqual(context('s1'));
    expect(cache.get('s1', 'someone-else')).toBeUndefined();
    cache.remember(context('s1'), cache.epoch());
    clock += 5001;
    expect(cache.get('s1', 'u1')).toBeUndefined();
  });

  it("off (other servers' notices not coming): remembers nothing, and forgets all", () => {
    const cache = createSessionCache({ ttlMs: 5000, now });
    cache.remember(context('s1'), cache.epoch());
    cache.setOn(false);
    expect(cache.on).toBe(false);
    expect(cache.get('s1', 'u1')).toBeUndefined();
    clock += QUIET_MS;
    cache.remember(context('s2'), cache.epoch());
    expect(cache.size).toBe(0);
    cache.setOn(true);
    clock += QUIET_MS;
    cache.remember(context('s2'), cache.epoch());
    expect(cache.get('s2', 'u1')).toEqual(context('s2'));
  });

  it('forgets everything on a write, and remembers nothing read before it or just after it', () => {
    const cache = createSessionCache({ ttlMs: 5000, now });
    const before = cache.epoch();
    cache.remember(context('s1'), before);
    cache.forget();
    expect(cache.get('s1', 'u1')).toBeUndefined();
    // A read that began before the write.
    cache.remember(context('s1'), before);
    expect(cache.size).toBe(0);
    // A read that began after it, while the writing transaction may not have committed yet.
    cache.remember(context('s1'), cache.epoch());
    expect(cache.size).toBe(0);
    clock += QUIET_MS;
    cache.remember(context('s1'), cache.epoch());
    expect(cache.get('s1', 'u1')).toEqual(context('s1'));
  });

  it('is off with a TTL of 0', () => {
    const cache = createSessionCache({ ttlMs: 0, now });
    cache.remember(context('s1'), cache.epoch());
    expect(cache.get('s1', 'u1')).toBeUndefined();
  });
});

describe.each(DATABASES)('remembered token checks on $name: writes take effect at once', (database) => {
  let t: TestApp;
  let admin: Client;
  let roles: Record<'Admin' | 'Agent' | 'Investor', string>;
  beforeAll(async () => {
    t = await createTestApp(database, { config: { authCacheTtlMs: 60_000 } });
    admin = (await adminSession(t.app)).api;
    roles = await roleIds(admin);
  }, SETUP_TIMEOUT);
  afterAll(async () => t?.close());

  const pause = () => new Promise((resolve) => setTimeout(resolve, QUIET_MS + 50));

  /** A user signed in and checked twice after the quiet time, so the check is remembered. */
  async function rememberedUser(role: 'Admin' | 'Investor' = 'Investor') {
    const user = await createUser(admin, { role, active: true });
    const session = json<{ data: { token: string; refreshToken: string; user: { _id: string } } }>(
      await login(t.app, user.username, PASSWORD),
    ).data;
    const api = client(t.app, session.token);
    await pause();
    expect((await api.get('/api/v1/auth/userDetails')).statusCode).toBe(200);
    expect((await api.get('/api/v1/auth/userDetails')).statusCode).toBe(200);
    expect(t.app.dealmap.sessionCache.get(sessionIdOf(session.token), session.user._id)).toBeDefined();
    return { user, session, api };
  }
  /** PUT /user/:id with the user's current fields and these changes. */
  async function updateUser(id: string, changes: { active: boolean; roleId: string }) {
    const edit = json(await admin.get(`/editUser/${id}`)).data.user;
    const update = await admin.put(`/user/${id}`, {
      firstName: edit.firstName,
      lastName: edit.lastName,
      username: edit.username,
      accountId: edit.accountId,
      accountName: edit.accountName,
      ...changes,
    });
    expect(update.statusCode).toBe(200);
  }
  const sessionIdOf = (token: string) =>
    (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: string }).sid;

  it('logout', async () => {
    const { session, api } = await rememberedUser();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/session/${session.refreshToken}` })).statusCode).toBe(204);
    expect((await api.get('/api/v1/auth/userDetails')).statusCode).toBe(401);
  });

  it('deactivation', async () => {
    const { user, api } = await rememberedUser();
    await updateUser(user._id, { active: false, roleId: roles.Investor });
    expect((await api.get('/api/v1/auth/userDetails')).statusCode).toBe(401);
  });

  it('a role change', async () => {
    const { user, api } = await rememberedUser('Admin');
    expect((await api.get('/api/v1/admin/users')).statusCode).toBe(200);
    await pause();
    expect((await api.get('/api/v1/admin/users')).statusCode).toBe(200);
    await updateUser(user._id, { active: true, roleId: roles.Investor });
    expect((await api.get('/api/v1/admin/users')).statusCode).toBe(403);
  });

  it('a password change ends the other sessions', async () => {
    const { user, api: other } = await rememberedUser();
    const current = await signIn(t.app, user.username, PASSWORD);
    const change = await client(t.app, current.token).post('/api/v1/auth/changePassword', {
      currentPassword: PASSWORD,
      newPassword: 'a-new-password-1',
    });
    expect(change.statusCode).toBe(200);
    expect((await other.get('/api/v1/auth/userDetails')).statusCode).toBe(401);
  });
});
