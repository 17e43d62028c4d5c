import { DATABASES, SETUP_TIMEOUT, createTestApp, json, type TestApp } from '../../helpers';
import { adminSession, createUser, unique, type Client } from './admin-fixtures';
import type { AuditEntry } from '../../../../src/shared/schemas/admin';

/** Any catalogue item as the API answers it (each section has some of these fields). */
interface CatalogItem {
  _id: string;
  name: string;
  city: string;
  state: string;
  description: string;
  active: boolean;
  userCount?: number;
}

interface Section {
  section: 'markets' | 'interests' | 'strategies' | 'accounts';
  thing: 'market' | 'interest' | 'strategy' | 'account';
  good(): Record<string, unknown>;
  /** Trimmed / normalized form of good() as the item shows it. */
  expected(body: Record<string, unknown>): Record<string, unknown>;
  bad: Record<string, unknown>;
  badFields: Record<string, string>;
  /** A body that collides with `item` (other case). */
  duplicate(item: CatalogItem): Record<string, unknown>;
  duplicateMessage(item: CatalogItem): string;
  change: Record<string, unknown>;
  /** A text the search finds in `item`. */
  searchable(item: CatalogItem): string;
}

const trimmed = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]));

const SECTIONS: Section[] = [
  {
    section: 'markets',
    thing: 'market',
    good: () => ({ city: `  ${unique('Springfield')} `, state: ' il ', description: ' Rust belt ', active: true }),
    expected: (b) => ({ ...trimmed(b), state: String(b.state).trim().toUpperCase() }),
    bad: { city: '   ', state: 'XX', description: '' },
    badFields: { city: 'City is required', state: 'State must be a US state or territory code' },
    duplicate: (item) => ({ city: item.city.toUpperCase(), state: item.state.toLowerCase(), description: 'x' }),
    duplicateMessage: (item) => `A market for ${item.city}, ${item.state} already exists.`,
    change: { description: 'Changed description', active: false },
    searchable: (item) => item.city.slice(3, 10).toUpperCase(),
  },
  {
    section: 'interests',
    thing: 'interest',
    good: () => ({ name: ` ${unique('Duplexes')} `, description: ' Two units ', active: true }),
    expected: trimmed,
    bad: { name: '', description: '   ' },
    badFields: { name: 'Name is required', description: 'Description is required' },
    duplicate: (item) => ({ name: item.name.toLowerCase(), description: 'x' }),
    duplicateMessage: (item) => `An interest named "${item.name}" already exists.`,
    change: { description: 'Changed', active: false },
    searchable: (item) => item.name.slice(2, 8).toLowerCase(),
  },
  {
    section: 'strategies',
    thing: 'strategy',
    good: () => ({ name: unique('Wholetail'), description: 'Light rehab, quick sale', active: false }),
    expected: trimmed,
    bad: { name: ' ', description: 'ok' },
    badFields: { name: 'Name is required' },
    duplicate: (item) => ({ name: ` ${item.name.toUpperCase()} `, description: 'x' }),
    duplicateMessage: (item) => `A strategy named "${item.name}" already exists.`,
    change: { name: unique('Renamed strategy'), description: 'New text' },
    searchable: (item) => item.name.slice(1, 7),
  },
  {
    section: 'accounts',
    thing: 'account',
    good: () => ({ name: `  ${unique('Acme Holdings')}`, active: true }),
    expected: (b) => ({ ...trimmed(b), userCount: 0 }),
    bad: { name: '  ' },
    badFields: { name: 'Name is required' },
    duplicate: (item) => ({ name: item.name.toLowerCase() }),
    duplicateMessage: (item) => `An account named "${item.name}" already exists.`,
    change: { name: unique('Acme Renamed'), active: false },
    searchable: (item) => item.name.slice(2, 9).toLowerCase(),
  },
];

describe.each(DATABASES)('admin catalogues on $name', (database) => {
  let t: TestApp;
  let api: Client;

  beforeAll(async () => {
    t = await createTestApp(database);
    api = (await adminSession(t.app)).api;
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await t?.close();
  });

  describe.each(SECTIONS.map((s) => [s.section, s] as const))('%s', (_name, s) => {
    const create = async (body = s.good()) => {
      const response = await api.post(`/${s.thing}`, body);
      expect(response.statusCode).toBe(201);
      return json(response).data as CatalogItem;
    };

    it('creates (trimmed, 201), reads, updates, lists and deletes', async () => {
      const body = s.good();
      const item = await create(body);
      expect(item).toEqual({ _id: expect.any(String), ...s.expected(body) });

      const read = await api.get(`/${s.thing}/${item._id}`);
      expect(read.statusCode).toBe(200);
      expect(json(read).data).toEqual(item);

      const put = await api.put(`/${s.thing}/${item._id}`, { ...item, ...s.change });
      expect(put.statusCode).toBe(200);
      expect(json(put).data).toMatchObject({ _id: item._id, ...s.change });

      const list = json(await api.get(`/${s.section}`)).data;
      expect(Array.isArray(list)).toBe(true);
      expect(list.map((i: { _id: string }) => i._id)).toContain(item._id);

      const removed = await api.delete(`/${s.thing}/${item._id}`);
      expect(removed.statusCode).toBe(204);
      expect(removed.body).toBe('');
      expect((await api.get(`/${s.thing}/${item._id}`)).statusCode).toBe(404);
      expect((await api.delete(`/${s.thing}/${item._id}`)).statusCode).toBe(404);
    });

    it('defaults active to off on create', async () => {
      const { active: _active, ...body } = s.good();
      expect((await create(body)).active).toBe(false);
    });

    it('answers 400 with fields for bad input, on create and update', async () => {
      const created = await api.post(`/${s.thing}`, s.bad);
      expect(created.statusCode).toBe(400);
      expect(json(created).error).toMatchObject({ code: 'VALIDATION_FAILED', fields: s.badFields });
      const item = await create();
      const updated = await api.put(`/${s.thing}/${item._id}`, { ...item, ...s.bad });
      expect(updated.statusCode).toBe(400);
      expect(json(updated).error.fields).toEqual(s.badFields);
      const wrongType = await api.post(`/${s.thing}`, { ...s.good(), active: 'maybe' });
      expect(wrongType.statusCode).toBe(400);
      expect(json(wrongType).error.fields).toEqual({ active: 'Active must be a boolean' });
    });

    it(`answers 400 'Invalid ${s.thing} ID provided' for a malformed id and 404 for an unknown one`, async () => {
      const message = `Invalid ${s.thing} ID provided`;
      for (const response of [
        await api.get(`/${s.thing}/not-an-id`),
        await api.put(`/${s.thing}/123`, s.good()),
        await api.delete(`/${s.thing}/abc`),
        await api.delete(`/${s.thing}/`),
      ]) {
        expect(response.statusCode).toBe(400);
        expect(json(response).error).toMatchObject({ code: 'VALIDATION_FAILED', message });
      }
      const unknown = '9a9b9c9d-0000-4000-8000-000000000000';
      for (const response of [
        await api.get(`/${s.thing}/${unknown}`),
        await api.put(`/${s.thing}/${unknown}`, s.good()),
        await api.delete(`/${s.thing}/${unknown}`),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(json(response).error.code).toBe('NOT_FOUND');
      }
    });

    it('answers 409 for a duplicate, on create and on update', async () => {
      const item = await create();
      const dup = await api.post(`/${s.thing}`, s.duplicate(item));
      expect(dup.statusCode).toBe(409);
      expect(json(dup).error).toEqual({ code: 'CONFLICT', message: s.duplicateMessage(item) });
      const other = await create();
      const renamed = await api.put(`/${s.thing}/${other._id}`, { ...other, ...s.duplicate(item) });
      expect(renamed.statusCode).toBe(409);
      expect(json(renamed).error.message).toBe(s.duplicateMessage(item));
      // Saving an item unchanged is not a conflict with itself.
      expect((await api.put(`/${s.thing}/${item._id}`, item)).statusCode).toBe(200);
    });

    it('pages, searches and sorts; the plain call is the whole array', async () => {
      const items = [await create(), await create(), await create()];
      const plain = json(await api.get(`/${s.section}`)).data;
      const all = await t.db
        .selectFrom(s.section)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(plain).toHaveLength(Number(all.n));

      const page1 = json(await api.get(`/${s.section}?page=1&pageSize=2`)).data;
      expect(page1).toMatchObject({ page: 1, pageSize: 2, total: Number(all.n) });
      expect(page1.items).toHaveLength(2);
      const page2 = json(await api.get(`/${s.section}?page=2&pageSize=2`)).data;
      expect(page2.items[0]._id).not.toBe(page1.items[0]._id);
      expect(page1.items.concat(page2.items).map((i: CatalogItem) => i._id)).toEqual(
        plain.slice(0, 4).map((i: CatalogItem) => i._id),
      );

      const found = json(await api.get(`/${s.section}?q=${encodeURIComponent(s.searchable(items[1]))}`)).data;
      expect(found.items.map((i: CatalogItem) => i._id)).toContain(items[1]._id);
      expect(found.total).toBe(found.items.length);
      expect(json(await api.get(`/${s.section}?q=${encodeURIComponent('%_no such thing_%')}`)).data).toMatchObject({
        items: [],
        total: 0,
      });

      const field = s.thing === 'market' ? 'city' : 'name';
      const desc = json(await api.get(`/${s.section}?sort=-${field}&pageSize=200`)).data.items.map((i: CatalogItem) =>
        i[field].toLowerCase(),
      );
      expect(desc).toEqual([...desc].sort().reverse());
      const bad = await api.get(`/${s.section}?sort=password`);
      expect(bad.statusCode).toBe(400);
      expect(json(bad).error.fields.sort).toMatch(/^Sort must be one of: /);
      expect((await api.get(`/${s.section}?pageSize=500`)).statusCode).toBe(400);
    });

    it('bulk activates, deactivates and deletes by ids and by search', async () => {
      const items = [await create({ ...s.good(), active: false }), await create({ ...s.good(), active: true })];
      const ids = items.map((i) => i._id);
      const activate = await api.post(`/${s.section}/bulk`, { action: 'activate', ids });
      expect(json(activate).data).toEqual({ action: 'activate', matched: 2, changed: 1 });
      const deactivate = await api.post(`/${s.section}/bulk`, { action: 'deactivate', ids });
      expect(json(deactivate).data).toEqual({ action: 'deactivate', matched: 2, changed: 2 });
      const term = s.searchable(items[0]);
      const byQuery = await api.post(`/${s.section}/bulk`, { action: 'activate', q: term });
      expect(json(byQuery).data.changed).toBeGreaterThanOrEqual(1);
      expect(json(await api.get(`/${s.thing}/${items[0]._id}`)).data.active).toBe(true);
      const removed = await api.post(`/${s.section}/bulk`, { action: 'delete', ids });
      expect(json(removed).data).toEqual({ action: 'delete', matched: 2, changed: 2 });
      expect((await api.get(`/${s.thing}/${ids[0]}`)).statusCode).toBe(404);
      const malformed = await api.post(`/${s.section}/bulk`, { action: 'delete', ids: ['nope'] });
      expect(malformed.statusCode).toBe(400);
      expect(json(malformed).error.message).toBe(`Invalid ${s.thing} ID provided`);
      const badAction = await api.post(`/${s.section}/bulk`, { action: 'explode', ids });
      expect(badAction.statusCode).toBe(400);
      expect(json(badAction).error.fields.action).toBe('Action must be one of: activate, deactivate, delete');
    });
  });

  describe('deleting a strategy, market or interest removes it from profiles', () => {
    it.each([
      ['strategy', 'user_strategies', 'strategy_id', 'strategies'],
      ['market', 'user_markets', 'market_id', 'markets'],
      ['interest', 'user_interests', 'interest_id', 'interests'],
    ] as const)('%s', async (thing, table, column, profileKey) => {
      const body = thing === 'market' ? { city: unique('Dayton'), state: 'OH' } : { name: unique('Item'), description: 'd' };
      const item = json(await api.post(`/${thing}`, body)).data;
      const keep = json(
        await api.post(
          `/${thing}`,
          thing === 'market' ? { city: unique('Akron'), state: 'OH' } : { name: unique('Kept'), description: 'd' },
        ),
      ).data;
      const user = await createUser(api);
      // A new user starts with every strategy (migration 0013): this profile holds just the two.
      await t.db.deleteFrom(table).where('user_id', '=', user._id).execute();
      await t.db
        .insertInto(table)
        .values([
          { user_id: user._id, [column]: item._id },
          { user_id: user._id, [column]: keep._id },
        ] as never)
        .execute();
      expect(json(await api.get(`/editUser/${user._id}`)).data.user.profile[profileKey].sort()).toEqual(
        [item._id, keep._id].sort(),
      );

      expect((await api.delete(`/${thing}/${item._id}`)).statusCode).toBe(204);
      expect(json(await api.get(`/editUser/${user._id}`)).data.user.profile[profileKey]).toEqual([keep._id]);
    });

    it('also on a bulk delete', async () => {
      const item = json(await api.post('/strategy', { name: unique('Bulk'), description: 'd' })).data;
      const user = await createUser(api);
      await t.db.deleteFrom('user_strategies').where('user_id', '=', user._id).execute();
      await t.db.insertInto('user_strategies').values({ user_id: user._id, strategy_id: item._id }).execute();
      expect(json(await api.post('/strategies/bulk', { action: 'delete', ids: [item._id] })).data.changed).toBe(1);
      const rows = await t.db.selectFrom('user_strategies').selectAll().where('user_id', '=', user._id).execute();
      expect(rows).toEqual([]);
    });
  });

  describe('accounts with users', () => {
    it('counts users and refuses to delete an account that has some (409)', async () => {
      const user = await createUser(api);
      await createUser(api, { accountId: user.accountId, accountType: 'existing' });
      const account = json(await api.get(`/account/${user.accountId}`)).data;
      expect(account.userCount).toBe(2);
      const response = await api.delete(`/account/${user.accountId}`);
      expect(response.statusCode).toBe(409);
      expect(json(response).error).toEqual({
        code: 'CONFLICT',
        message: `The account ${account.name} still has 2 users. Move or delete them first.`,
      });
      expect((await api.get(`/account/${user.accountId}`)).statusCode).toBe(200);
    });

    it('a bulk delete including an account with users is refused whole: 409 naming it, nothing deleted', async () => {
      const empty = json(await api.post('/account', { name: unique('Empty') })).data;
      const user = await createUser(api);
      const busy = json(await api.get(`/account/${user.accountId}`)).data;
      const response = await api.post('/accounts/bulk', { action: 'delete', ids: [empty._id, busy._id] });
      expect(response.statusCode).toBe(409);
      const error = json(response).error;
      expect(error.message).toBe(`Nothing was changed. The account ${busy.name} still has 1 user. Move or delete them first.`);
      expect(error.fields).toEqual({ [busy._id]: `The account ${busy.name} still has 1 user. Move or delete them first.` });
      expect((await api.get(`/account/${empty._id}`)).statusCode).toBe(200);
      expect((await api.get(`/account/${busy._id}`)).statusCode).toBe(200);
      const audit = json(await api.get(`/audit-log?entityType=account&entityId=${empty._id}`)).data;
      expect(audit.items.map((e: AuditEntry) => e.action)).toEqual(['create']);
    });
  });
});
