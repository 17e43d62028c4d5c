// helpers.ts first: it installs the module mocks the app needs under Jest.
import { ADMIN, SETUP_TIMEOUT, bearer, createTestApp, json, login, type TestApp, type TestDatabase } from '../../helpers';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ImportJob } from '../../../../src/shared/schemas/admin';
import type { User } from '../../../../src/shared/schemas/session';

export const ADMIN_API = '/api/v1/admin';

let counter = 0;
/** A unique, readable value per call. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix} ${counter}${Math.random().toString(36).slice(2, 6)}`;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls under /api/v1/admin with a bearer token; `url` may also be a full /api path. */
export function client(app: FastifyInstance, token?: string) {
  const call = (method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url: url.startsWith('/api/') ? url : `${ADMIN_API}${url}`,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: unknown) => call('POST', url, payload ?? {}),
    put: (url: string, payload?: unknown) => call('PUT', url, payload ?? {}),
    delete: (url: string) => call('DELETE', url),
    call,
  };
}
export type Client = ReturnType<typeof client>;

export async function signIn(app: FastifyInstance, username: string, password: string) {
  const response = await login(app, username, password);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return json(response).data as { token: string; user: { _id: string; username: string } };
}

export async function adminSession(app: FastifyInstance) {
  const session = await signIn(app, ADMIN.email, ADMIN.password);
  return { ...session, api: client(app, session.token) };
}

export async function roleIds(api: Client): Promise<Record<'Admin' | 'Agent' | 'Investor', string>> {
  const { roles } = json(await api.get('/addUser')).data as { roles: Array<{ _id: string; name: string }> };
  return Object.fromEntries(roles.map((r) => [r.name, r._id])) as never;
}

export const PASSWORD = 'password123';

/** Creates a user through the API (a new account unless `accountId` is given) and returns the User. */
export async function createUser(api: Client, overrides: Record<string, unknown> = {}) {
  const roles = await roleIds(api);
  const first = unique('First').replace(' ', '');
  const body = {
    firstName: first,
    lastName: unique('Last').replace(' ', ''),
    username: `${first.toLowerCase()}@example.com`,
    password: PASSWORD,
    roleId: roles.Investor,
    accountId: '',
    accountName: unique('Account'),
    active: true,
    ...overrides,
  };
  if (typeof overrides.role === 'string') body.roleId = roles[overrides.role as 'Admin'];
  delete (body as Record<string, unknown>).role;
  const response = await api.post('/user', body);
  if (response.statusCode !== 201) throw new Error(`create user failed: ${response.statusCode} ${response.body}`);
  return json(response).data as User & { accountId: string; accountName: string };
}

/** A signed-in user of that role. */
export async function sessionAs(app: FastifyInstance, admin: Client, role: 'Admin' | 'Agent' | 'Investor') {
  const user = await createUser(admin, { role });
  const session = await signIn(app, user.username, PASSWORD);
  return { user, token: session.token, api: client(app, session.token) };
}

/** Polls a users import job until it is done or failed; returns the last state and every state seen. */
export async function waitForImport(api: Client, jobId: string, timeoutMs = 60_000) {
  const seen: ImportJob[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await api.get(`/users/import/${jobId}`);
    if (response.statusCode !== 200) throw new Error(`import job: ${response.statusCode} ${response.body}`);
    const job = json(response).data as ImportJob;
    seen.push(job);
    if (job.phase === 'done' || job.phase === 'failed') return { job, seen };
    if (Date.now() > deadline) throw new Error(`import job still ${job.phase} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface AdminTestApp {
  t: TestApp;
  api: Client;
  adminId: string;
}

/** A fresh app for the enclosing describe, with a signed-in Admin; its fields are set before the tests run. */
export function adminTestApp(database: TestDatabase): AdminTestApp {
  const context: Partial<AdminTestApp> = {};
  beforeAll(async () => {
    context.t = await createTestApp(database);
    const session = await adminSession(context.t.app);
    context.api = session.api;
    context.adminId = session.user._id;
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await context.t?.close();
  });
  return {
    get t() {
      return context.t!;
    },
    get api() {
      return context.api!;
    },
    get adminId() {
      return context.adminId!;
    },
  };
}
