import { ADMIN, DATABASES, SETUP_TIMEOUT, createTestApp, json, type TestApp } from '../../helpers';
import { adminSession, createUser, unique, type Client } from './admin-fixtures';
import type { AuditEntry } from '../../../../src/shared/schemas/admin';

describe.each(DATABASES)('admin audit log on $name', (database) => {
  let t: TestApp;
  let api: Client;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestApp(database);
    const session = await adminSession(t.app);
    api = session.api;
    adminId = session.user._id;
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await t?.close();
  });

  const entries = async (entityType: string, entityId: string) =>
    json(await api.get(`/audit-log?entityType=${entityType}&entityId=${entityId}`)).data;

  it('records who changed what, with before and after, newest first', async () => {
    const name = unique('Audited');
    const item = json(await api.post('/strategy', { name, description: 'first', active: true })).data;
    await api.put(`/strategy/${item._id}`, { ...item, description: 'second' });
    await api.put(`/strategy/${item._id}`, { ...item, description: 'second' }); // no change: no entry
    await api.post('/strategies/bulk', { action: 'deactivate', ids: [item._id] });
    await api.delete(`/strategy/${item._id}`);

    const log = await entries('strategy', item._id);
    expect(log.total).toBe(4);
    expect(log.items.map((e: AuditEntry) => e.action)).toEqual(['delete', 'deactivate', 'update', 'create']);
    for (const entry of log.items) {
      expect(entry).toMatchObject({ actorId: adminId, actorUsername: ADMIN.email, entityType: 'strategy', entityId: item._id });
      expect(new Date(entry.at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    }
    const [deleted, deactivated, updated, created] = log.items;
    expect(created).toMatchObject({ before: null, after: { name, description: 'first', active: true } });
    expect(updated).toMatchObject({ before: { description: 'first' }, after: { description: 'second' } });
    expect(deactivated).toMatchObject({ before: { active: true }, after: { active: false } });
    expect(deleted).toMatchObject({ before: { name, description: 'second', active: false }, after: null });
  });

  it('is newest first across a change in the number of digits of the entry id (9 before 10 as numbers, not text)', async () => {
    const name = unique('Many');
    const item = json(await api.post('/strategy', { name, description: 'd0', active: true })).data;
    for (let i = 1; i <= 11; i++) await api.put(`/strategy/${item._id}`, { ...item, description: `d${i}` });
    const log = json(await api.get(`/audit-log?entityType=strategy&entityId=${item._id}`)).data;
    const ids = log.items.map((e: AuditEntry) => BigInt(e._id));
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    expect(log.items.map((e: AuditEntry) => (e.after as { description: string } | null)?.description)).toEqual([
      'd11',
      'd10',
      'd9',
      'd8',
      'd7',
      'd6',
      'd5',
      'd4',
      'd3',
      'd2',
      'd1',
      'd0',
    ]);
  });

  it('never stores a password or a hash', async () => {
    const user = await createUser(api, { password: 'very-secret-1' });
    await api.put(`/user/${user._id}`, { ...user, accountType: 'existing', password: 'very-secret-2' });
    await api.delete(`/user/${user._id}`);
    const log = await entries('user', user._id);
    expect(log.items.map((e: AuditEntry) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(log.items[1].after).toMatchObject({ passwordChanged: true, username: user.username });
    const stored = await t.db.selectFrom('audit_log').select(['before', 'after']).execute();
    const text = JSON.stringify(stored);
    for (const secret of ['very-secret-1', 'very-secret-2', 'scrypt$', 'password_hash', '"password"'])
      expect(text).not.toContain(secret);
  });

  it('writes an entry for the account created with a user, in the same transaction', async () => {
    const user = await createUser(api);
    const log = await entries('account', user.accountId);
    expect(log.items).toMatchObject([{ action: 'create', after: { name: user.accountName, active: true } }]);
  });

  it('writes nothing when a change is refused', async () => {
    const user = await createUser(api);
    const before = (
      await t.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    await api.post('/users/bulk', { action: 'delete', ids: [user._id, adminId] });
    await api.delete(`/account/${user.accountId}`);
    const after = (
      await t.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    expect(Number(after)).toBe(Number(before));
  });

  it('pages and validates its filters', async () => {
    const page = json(await api.get('/audit-log?page=1&pageSize=2')).data;
    expect(page.items).toHaveLength(2);
    expect(page).toMatchObject({ page: 1, pageSize: 2 });
    expect(Number(page.items[0]._id)).toBeGreaterThan(Number(page.items[1]._id));
    expect((await api.get('/audit-log?entityType=password')).statusCode).toBe(400);
    expect((await api.get('/audit-log?entityId=123')).statusCode).toBe(400);
  });
});
