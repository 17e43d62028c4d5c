import { DATABASES, SETUP_TIMEOUT, createTestApp, json, type TestApp } from '../../helpers';
import { PASSWORD, adminSession, client, createUser, roleIds, sessionAs, signIn, unique, type Client } from './admin-fixtures';
import { USER_MESSAGES } from '../../../../src/server/modules/admin/users-rules';
import { createUsersSection } from '../../../../src/server/modules/admin/users-service';
import type { Account } from '../../../../src/shared/schemas/catalog';
import type { Role, User } from '../../../../src/shared/schemas/session';

describe.each(DATABASES)('admin users on $name', (database) => {
  let t: TestApp;
  let api: Client;
  let adminId: string;
  let roles: Record<'Admin' | 'Agent' | 'Investor', string>;

  beforeAll(async () => {
    t = await createTestApp(database);
    const session = await adminSession(t.app);
    api = session.api;
    adminId = session.user._id;
    roles = await roleIds(api);
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await t?.close();
  });

  const email = () => `${unique('user').replace(' ', '.')}@example.com`;

  describe('create', () => {
    it('creates a user with a new account in one go (201, trimmed, username lower-cased)', async () => {
      const accountName = unique('Brand New Account');
      const username = email();
      const response = await api.post('/user', {
        firstName: '  Ada ',
        lastName: ' Lovelace ',
        username: `  ${username.toUpperCase()} `,
        password: 'password123',
        roleId: roles.Agent,
        accountId: '',
        accountName: ` ${accountName} `,
        active: true,
      });
      expect(response.statusCode).toBe(201);
      const user = json(response).data;
      expect(user).toMatchObject({
        firstName: 'Ada',
        lastName: 'Lovelace',
        username,
        roleId: roles.Agent,
        role: 'Agent',
        roleName: 'Agent',
        accountName,
        active: true,
        lastLogin: null,
        profile: { role: 'Agent', markets: [], interests: [] },
      });
      // A new user starts with every active strategy (migration 0013).
      const active = await t.db.selectFrom('strategies').select('id').where('active', '=', true).execute();
      expect([...user.profile.strategies].sort()).toEqual(active.map((s) => s.id).sort());
      expect(user).not.toHaveProperty('password');
      const account = json(await api.get(`/account/${user.accountId}`)).data;
      expect(account).toEqual({ _id: user.accountId, name: accountName, active: true, userCount: 1 });
      // The new user can sign in with the password the Admin chose.
      expect((await signIn(t.app, username, 'password123')).user._id).toBe(user._id);
    });

    it('creates a user in an existing account', async () => {
      const first = await createUser(api);
      const second = await createUser(api, { accountType: 'existing', accountId: first.accountId, accountName: 'ignored' });
      expect(second.accountId).toBe(first.accountId);
      expect(second.accountName).toBe(first.accountName);
    });

    it('answers 400 with the form fields for bad input', async () => {
      const missing = await api.post('/user', { firstName: ' ', accountType: 'existing' });
      expect(missing.statusCode).toBe(400);
      expect(json(missing).error.fields).toEqual({
        firstName: 'First name is required',
        lastName: 'Last name is required',
        username: 'Username/email is required',
        password: 'Password is required',
        roleId: 'Role is required',
        accountId: 'Account is required',
      });
      const newAccount = await api.post('/user', {
        firstName: 'A',
        lastName: 'B',
        username: 'nope',
        password: 'short',
        roleId: roles.Agent,
        accountType: 'new',
      });
      expect(json(newAccount).error.fields).toEqual({
        username: 'Username/email is not a valid email',
        password: 'Password must be at least 8 characters',
        accountName: 'New account name is required',
      });
      const unknownRole = await api.post('/user', {
        firstName: 'A',
        lastName: 'B',
        username: email(),
        password: PASSWORD,
        roleId: '3f0e0d0c-0b0a-4000-8000-000000000001',
        accountName: unique('Acc'),
      });
      expect(unknownRole.statusCode).toBe(400);
      expect(json(unknownRole).error.fields).toEqual({ roleId: 'Choose a role from the list' });
      const unknownAccount = await api.post('/user', {
        firstName: 'A',
        lastName: 'B',
        username: email(),
        password: PASSWORD,
        roleId: roles.Agent,
        accountId: '3f0e0d0c-0b0a-4000-8000-000000000001',
      });
      expect(json(unknownAccount).error.fields).toEqual({ accountId: 'Choose an account from the list' });
    });

    it('answers 409 for a username that is taken, and creates no account then', async () => {
      const existing = await createUser(api);
      const accountName = unique('Orphan');
      const response = await api.post('/user', {
        firstName: 'A',
        lastName: 'B',
        username: existing.username.toUpperCase(),
        password: PASSWORD,
        roleId: roles.Investor,
        accountName,
      });
      expect(response.statusCode).toBe(409);
      expect(json(response).error).toEqual({
        code: 'CONFLICT',
        message: `A user with the email ${existing.username} already exists.`,
      });
      const accounts = json(await api.get(`/accounts?q=${encodeURIComponent(accountName)}`)).data;
      expect(accounts.total).toBe(0);
    });

    it('answers 409 when the new account name exists', async () => {
      const existing = await createUser(api);
      const response = await api.post('/user', {
        firstName: 'A',
        lastName: 'B',
        username: email(),
        password: PASSWORD,
        roleId: roles.Investor,
        accountType: 'new',
        accountName: existing.accountName.toUpperCase(),
      });
      expect(response.statusCode).toBe(409);
      expect(json(response).error.message).toBe(
        `An account named "${existing.accountName}" already exists. Choose it as an existing account.`,
      );
    });
  });

  describe('read and update', () => {
    it('GET /addUser and /editUser/{id} give accounts and roles (and the user with loginId)', async () => {
      const user = await createUser(api);
      const add = json(await api.get('/addUser')).data;
      expect(add.roles.map((r: Role) => r.name)).toEqual(['Admin', 'Agent', 'Investor']);
      const names = add.accounts.map((a: Account) => a.name.toLowerCase());
      expect(names).toEqual([...names].sort());
      expect(add.accounts.map((a: Account) => a._id)).toContain(user.accountId);
      const edit = json(await api.get(`/editUser/${user._id}`)).data;
      expect(edit.user).toEqual({ ...user, loginId: user.username });
      expect(edit.roles).toEqual(add.roles);
      expect((await api.get('/editUser/x')).statusCode).toBe(400);
      expect(json(await api.get('/editUser/x')).error.message).toBe('Invalid user ID provided');
      expect((await api.get('/editUser/0f0e0d0c-0b0a-4000-8000-000000000009')).statusCode).toBe(404);
    });

    it('updates fields; a password is optional and, when given, replaces the old one and ends sessions', async () => {
      const user = await createUser(api);
      const session = await signIn(t.app, user.username, PASSWORD);
      const body = { ...user, firstName: ' Grace ', roleId: roles.Agent, accountType: 'existing' };
      const updated = await api.put(`/user/${user._id}`, body);
      expect(updated.statusCode).toBe(200);
      expect(json(updated).data).toMatchObject({ firstName: 'Grace', role: 'Agent' });
      await signIn(t.app, user.username, PASSWORD);

      const withPassword = await api.put(`/user/${user._id}`, { ...body, password: 'another-password' });
      expect(withPassword.statusCode).toBe(200);
      await signIn(t.app, user.username, 'another-password');
      expect((await client(t.app, session.token).get('/api/v1/auth/getUser')).statusCode).toBe(401);

      const short = await api.put(`/user/${user._id}`, { ...body, password: 'short' });
      expect(json(short).error.fields).toEqual({ password: 'Password must be at least 8 characters' });
    });

    it('answers 409 when renaming onto a taken username', async () => {
      const a = await createUser(api);
      const b = await createUser(api);
      const response = await api.put(`/user/${b._id}`, { ...b, username: a.username, accountType: 'existing' });
      expect(response.statusCode).toBe(409);
      expect(json(response).error.message).toBe(`A user with the email ${a.username} already exists.`);
    });

    it('moves a user to a new account created in the same transaction', async () => {
      const user = await createUser(api);
      const accountName = unique('Moved to');
      const response = await api.put(`/user/${user._id}`, { ...user, accountType: 'new', accountId: '', accountName });
      expect(json(response).data.accountName).toBe(accountName);
    });
  });

  describe('an Admin cannot lock everyone out', () => {
    it('refuses to delete, deactivate or demote themself (409)', async () => {
      const me = json(await api.get(`/editUser/${adminId}`)).data.user;
      const body = { ...me, accountType: me.accountId ? 'existing' : 'new', accountName: me.accountName ?? 'Admins' };
      const cases = [
        [await api.delete(`/user/${adminId}`), USER_MESSAGES.selfDelete],
        [await api.put(`/user/${adminId}`, { ...body, active: false }), USER_MESSAGES.selfDeactivate],
        [await api.put(`/user/${adminId}`, { ...body, roleId: roles.Investor }), USER_MESSAGES.selfDemote],
      ] as const;
      for (const [response, message] of cases) {
        expect(response.statusCode).toBe(409);
        expect(json(response).error).toEqual({ code: 'CONFLICT', message });
      }
      expect(json(await api.get(`/editUser/${adminId}`)).data.user).toMatchObject({ active: true, role: 'Admin' });
      expect(USER_MESSAGES.selfDelete).toBe('You cannot delete your own user. Ask another Admin to do it.');
    });

    it('refuses to delete, deactivate or demote the last active Admin (409)', async () => {
      // Through the service with an actor who is not that Admin (e.g. one demoted a moment ago).
      const other = await createUser(api);
      const section = createUsersSection(t.db, { hashPassword: async () => 'unused' });
      const actor = { id: other._id };
      const me = await section.get(adminId);
      const cases = [
        () => section.remove(actor, adminId),
        () => section.update(actor, adminId, { ...(me as object), active: false, accountType: 'new', accountName: unique('X') }),
        () =>
          section.update(actor, adminId, {
            ...(me as object),
            roleId: roles.Agent,
            accountType: 'new',
            accountName: unique('X'),
          }),
        () => section.bulk(actor, { action: 'deactivate', ids: [adminId] }),
      ];
      for (const run of cases) {
        await expect(run()).rejects.toMatchObject({ statusCode: 409, message: expect.stringContaining(USER_MESSAGES.lastAdmin) });
      }
      expect(json(await api.get(`/editUser/${adminId}`)).data.user).toMatchObject({ active: true, role: 'Admin' });
    });

    it('lets an Admin demote another Admin while one remains', async () => {
      const second = await sessionAs(t.app, api, 'Admin');
      const body = { ...second.user, accountType: 'existing', roleId: roles.Agent };
      expect((await api.put(`/user/${second.user._id}`, body)).statusCode).toBe(200);
      // Demoted at once: the old token no longer opens admin routes.
      expect((await second.api.get('/users')).statusCode).toBe(403);
    });
  });

  describe('list', () => {
    it('plain call: every user as an array; with parameters: a page', async () => {
      const plain = json(await api.get('/users')).data;
      expect(Array.isArray(plain)).toBe(true);
      expect(plain.map((u: User) => u._id)).toContain(adminId);
      const page = json(await api.get('/users?page=1&pageSize=3')).data;
      expect(page).toMatchObject({ page: 1, pageSize: 3, total: plain.length });
      expect(page.items.map((u: User) => u._id)).toEqual(plain.slice(0, 3).map((u: User) => u._id));
      const names = plain.map((u: User) => [u.lastName.toLowerCase(), u.firstName.toLowerCase()]);
      expect(names).toEqual(
        [...names].sort((a: string[], b: string[]) => (a[0] === b[0] ? a[1].localeCompare(b[1]) : a[0] < b[0] ? -1 : 1)),
      );
    });

    it('searches first name, last name, "first last", username and account name', async () => {
      const user = await createUser(api, { firstName: 'Zebulon', lastName: 'Quixote' });
      for (const q of ['ebulo', 'QUIXO', 'zebulon quix', user.username.slice(0, 8), user.accountName.slice(2, 12)]) {
        const found = json(await api.get(`/users?q=${encodeURIComponent(q)}`)).data;
        expect({ q, ids: found.items.map((u: User) => u._id) }).toEqual({ q, ids: expect.arrayContaining([user._id]) });
      }
      expect(json(await api.get('/users?q=%25')).data.total).toBe(0);
    });

    it('sorts by the whitelisted fields', async () => {
      const desc = json(await api.get('/users?sort=-username&pageSize=200')).data.items.map((u: User) => u.username);
      expect(desc).toEqual([...desc].sort().reverse());
      for (const sort of ['role', '-account', 'active', '-lastLogin', 'createdAt', 'name']) {
        expect((await api.get(`/users?sort=${sort}`)).statusCode).toBe(200);
      }
      expect((await api.get('/users?sort=password_hash')).statusCode).toBe(400);
    });
  });

  describe('bulk', () => {
    it('deactivates, activates and deletes', async () => {
      const users = [await createUser(api), await createUser(api)];
      const ids = users.map((u) => u._id);
      expect(json(await api.post('/users/bulk', { action: 'deactivate', ids })).data).toEqual({
        action: 'deactivate',
        matched: 2,
        changed: 2,
      });
      expect(json(await api.post('/users/bulk', { action: 'activate', ids })).data).toEqual({
        action: 'activate',
        matched: 2,
        changed: 2,
      });
      expect(json(await api.post('/users/bulk', { action: 'delete', ids })).data).toEqual({
        action: 'delete',
        matched: 2,
        changed: 2,
      });
      expect((await api.get(`/user/${ids[0]}`)).statusCode).toBe(404);
    });

    it('a bulk including yourself changes nothing (409)', async () => {
      const users = [await createUser(api), await createUser(api)];
      const ids = [users[0]._id, adminId, users[1]._id];
      for (const action of ['delete', 'deactivate'] as const) {
        const response = await api.post('/users/bulk', { action, ids });
        expect(response.statusCode).toBe(409);
        expect(json(response).error.message).toBe(
          `Nothing was changed. ${action === 'delete' ? USER_MESSAGES.selfDelete : USER_MESSAGES.selfDeactivate}`,
        );
      }
      for (const user of users) expect(json(await api.get(`/user/${user._id}`)).data.active).toBe(true);
    });

    it('without ids acts on every user matching q', async () => {
      const tag = unique('Tagged').replace(' ', '');
      await createUser(api, { lastName: tag });
      await createUser(api, { lastName: tag });
      const response = await api.post('/users/bulk', { action: 'deactivate', q: tag });
      expect(json(response).data).toEqual({ action: 'deactivate', matched: 2, changed: 2 });
      const left = json(await api.get(`/users?q=${tag}`)).data.items;
      expect(left.map((u: User) => u.active)).toEqual([false, false]);
    });

    it('answers 400 for a malformed id', async () => {
      const response = await api.post('/users/bulk', { action: 'delete', ids: ['1'] });
      expect(response.statusCode).toBe(400);
      expect(json(response).error.message).toBe('Invalid user ID provided');
    });
  });

  describe('delete', () => {
    it('deletes a user (204), their profile rows go with them, their account stays', async () => {
      const user = await createUser(api);
      const strategy = await t.db.selectFrom('strategies').select('id').executeTakeFirstOrThrow();
      // A new user starts with every strategy (migration 0013).
      expect(
        await t.db.selectFrom('user_strategies').select('strategy_id').where('user_id', '=', user._id).execute(),
      ).toContainEqual({
        strategy_id: strategy.id,
      });
      expect((await api.delete(`/user/${user._id}`)).statusCode).toBe(204);
      expect(await t.db.selectFrom('user_strategies').selectAll().where('user_id', '=', user._id).execute()).toEqual([]);
      expect(json(await api.get(`/account/${user.accountId}`)).data.userCount).toBe(0);
      expect(json(await api.delete('/user/nope')).error.message).toBe('Invalid user ID provided');
    });
  });
});
