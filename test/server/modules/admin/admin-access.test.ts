import { DATABASES, SETUP_TIMEOUT, createTestApp, json, type TestApp } from '../../helpers';
import { ADMIN_API, adminSession, client, createUser, sessionAs, unique, type Client } from './admin-fixtures';

/** What a route needs when an Admin calls it for real: a path (with an id made for it) and a body. */
type Make = (admin: Client) => Promise<{ url: string; payload?: unknown }>;
interface RouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  ok: number;
  make: Make;
}

const SOME_ID = '0f0e0d0c-0b0a-4000-8000-000000000001';
const idOf = (response: Parameters<typeof json>[0]) => json(response).data._id as string;

const CATALOGUES: Array<{ section: string; thing: string; body: () => Record<string, unknown>; csv: string }> = [
  {
    section: 'markets',
    thing: 'market',
    body: () => ({ city: unique('City'), state: 'TX', description: 'd' }),
    csv: 'city,state\nWaco,TX\n',
  },
  {
    section: 'interests',
    thing: 'interest',
    body: () => ({ name: unique('Interest'), description: 'd' }),
    csv: 'name,description\nA,b\n',
  },
  {
    section: 'strategies',
    thing: 'strategy',
    body: () => ({ name: unique('Strategy'), description: 'd' }),
    csv: 'name,description\nA,b\n',
  },
  { section: 'accounts', thing: 'account', body: () => ({ name: unique('Account') }), csv: 'name\nA\n' },
];

function routes(): RouteCase[] {
  const list: RouteCase[] = [];
  const makeItem = (thing: string, body: () => Record<string, unknown>) => async (admin: Client) =>
    idOf(await admin.post(`/${thing}`, body()));
  const sections = [
    {
      section: 'users',
      thing: 'user',
      body: () => ({}),
      create: async (admin: Client) => (await createUser(admin))._id,
      csv: 'firstName,lastName,username,password,role,accountName\nA,B,a@b.co,password1,Agent,X\n',
    },
    ...CATALOGUES.map((c) => ({ ...c, create: makeItem(c.thing, c.body) })),
  ];
  for (const s of sections) {
    list.push(
      { method: 'GET', path: `/${s.section}`, ok: 200, make: async () => ({ url: `/${s.section}` }) },
      { method: 'GET', path: `/${s.section}?q=`, ok: 200, make: async () => ({ url: `/${s.section}?q=a&page=1&pageSize=5` }) },
      { method: 'GET', path: `/${s.section}/export.csv`, ok: 200, make: async () => ({ url: `/${s.section}/export.csv` }) },
      {
        method: 'POST',
        path: `/${s.section}/bulk`,
        ok: 200,
        make: async (admin) => ({ url: `/${s.section}/bulk`, payload: { action: 'activate', ids: [await s.create(admin)] } }),
      },
      {
        method: 'POST',
        path: `/${s.section}/import`,
        ok: 200,
        make: async () => ({ url: `/${s.section}/import`, payload: { csv: s.csv, dryRun: true } }),
      },
      {
        method: 'POST',
        path: `/${s.thing}`,
        ok: 201,
        make: async (admin) =>
          s.thing === 'user'
            ? { url: '/user', payload: { ...(await userBody(admin)) } }
            : { url: `/${s.thing}`, payload: (s as (typeof CATALOGUES)[number]).body() },
      },
      {
        method: 'GET',
        path: `/${s.thing}/:id`,
        ok: 200,
        make: async (admin) => ({ url: `/${s.thing}/${await s.create(admin)}` }),
      },
      {
        method: 'PUT',
        path: `/${s.thing}/:id`,
        ok: 200,
        make: async (admin) => {
          if (s.thing === 'user') {
            const user = await createUser(admin);
            return { url: `/user/${user._id}`, payload: { ...user, accountType: 'existing', firstName: 'Renamed' } };
          }
          return { url: `/${s.thing}/${await s.create(admin)}`, payload: (s as (typeof CATALOGUES)[number]).body() };
        },
      },
      {
        method: 'DELETE',
        path: `/${s.thing}/:id`,
        ok: 204,
        make: async (admin) => ({ url: `/${s.thing}/${await s.create(admin)}` }),
      },
    );
  }
  list.push(
    { method: 'GET', path: '/addUser', ok: 200, make: async () => ({ url: '/addUser' }) },
    {
      method: 'GET',
      path: '/editUser/:id',
      ok: 200,
      make: async (admin) => ({ url: `/editUser/${(await createUser(admin))._id}` }),
    },
    { method: 'GET', path: '/audit-log', ok: 200, make: async () => ({ url: '/audit-log?page=1&pageSize=10' }) },
    {
      method: 'GET',
      path: '/users/import/:jobId',
      ok: 200,
      make: async (admin) => {
        const csv = `firstName,lastName,username,password,role,accountName\nA,B,${unique('job').replace(' ', '')}@example.com,password1,Agent,X\n`;
        const started = await admin.post('/users/import', { csv, dryRun: false });
        return { url: `/users/import/${idOf(started)}` };
      },
    },
    { method: 'GET', path: '/api/v1/auth/userCount', ok: 200, make: async () => ({ url: '/api/v1/auth/userCount' }) },
    { method: 'GET', path: '/api/v1/auth/marketCount', ok: 200, make: async () => ({ url: '/api/v1/auth/marketCount' }) },
  );
  return list;
}

async function userBody(admin: Client) {
  const { roles } = json(await admin.get('/addUser')).data;
  const name = unique('new').replace(' ', '');
  return {
    firstName: 'New',
    lastName: 'User',
    username: `${name}@example.com`,
    password: 'password123',
    roleId: roles[2]._id,
    accountId: '',
    accountName: unique('Account'),
    active: true,
  };
}

/** The same request for someone who is not an Admin: a made-up id, the Admin's kind of body. */
function forOthers(route: RouteCase): { url: string; payload?: unknown } {
  const url = route.path.replace(/:[A-Za-z]+/, SOME_ID).replace('?q=', '?q=a');
  const payload = route.method === 'GET' || route.method === 'DELETE' ? undefined : { action: 'delete', csv: 'x', name: 'x' };
  return { url, payload };
}

const ROUTES = routes();

describe.each(DATABASES)('admin access on $name', (database) => {
  let t: TestApp;
  let admin: Client;
  let callers: Record<'anonymous' | 'Investor' | 'Agent', Client>;

  beforeAll(async () => {
    t = await createTestApp(database);
    admin = (await adminSession(t.app)).api;
    callers = {
      anonymous: client(t.app),
      Investor: (await sessionAs(t.app, admin, 'Investor')).api,
      Agent: (await sessionAs(t.app, admin, 'Agent')).api,
    };
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await t?.close();
  });

  it('lists every admin route of the contract', () => {
    // 5 sections × 9 + addUser, editUser, audit-log, a users import job, userCount, marketCount
    expect(ROUTES).toHaveLength(51);
  });

  describe.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_name, route) => {
    it.each([
      ['anonymous', 401, 'UNAUTHORIZED'],
      ['Investor', 403, 'FORBIDDEN'],
      ['Agent', 403, 'FORBIDDEN'],
    ] as const)('refuses %s with %i', async (who, status, code) => {
      const { url, payload } = forOthers(route);
      const response = await callers[who].call(route.method, url, payload);
      expect(response.statusCode).toBe(status);
      expect(json(response).error.code).toBe(code);
    });

    it(`answers an Admin ${route.ok}`, async () => {
      const { url, payload } = await route.make(admin);
      const response = await admin.call(route.method, url, payload);
      expect({ status: response.statusCode, body: response.statusCode === route.ok ? '' : response.body }).toEqual({
        status: route.ok,
        body: '',
      });
    });
  });

  it('counts users and markets for the dashboard', async () => {
    const countRows = async (table: 'users' | 'markets') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    // The users import job of an earlier case may still be adding users in the background: the
    // answer must lie between the counts taken just before and just after it.
    const usersBefore = await countRows('users');
    const users = json(await admin.get('/api/v1/auth/userCount')).data;
    const usersAfter = await countRows('users');
    const markets = json(await admin.get('/api/v1/auth/marketCount')).data;
    expect(users).toBeGreaterThanOrEqual(usersBefore);
    expect(users).toBeLessThanOrEqual(usersAfter);
    expect(markets).toBe(await countRows('markets'));
    expect(typeof users).toBe('number');
  });

  it('checks the token before the body: a signed-out caller with a bad body gets 401, not 400', async () => {
    const response = await client(t.app).post('/market', 'not json at all');
    expect(response.statusCode).toBe(401);
    expect(ADMIN_API).toBe('/api/v1/admin');
  });
});
