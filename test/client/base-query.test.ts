import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { authCall, baseQuery } from '../../src/client/api/base-api';
import {
  configureReauth,
  createRawBaseQuery,
  publicBaseQuery,
  resetReauthState,
  withReauth,
  type AppBaseQuery,
} from '../../src/client/api/base-query';
import { sessionReauth } from '../../src/client/features/session/session-reauth';
import { sessionReducer, sessionStored } from '../../src/client/features/session/session-slice';
import type { SessionResponse, User } from '../../src/shared/api-types';
import { HttpResponse } from 'msw';
import { makeUser } from './api-mock';
import { answerAll, jsonResponse, type SentCall } from './msw-server';

const user: User = makeUser({ roleId: 'r3' });

const session = (n: number): SessionResponse => ({ token: `t${n}`, refreshToken: `r${n}`, user });

function setup() {
  const actions: UnknownAction[] = [];
  const recorder: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    return next(action);
  };
  const store = configureStore({
    reducer: { session: sessionReducer },
    middleware: (getDefault) => getDefault().concat(recorder),
  });
  store.dispatch(sessionStored(session(1)));
  const api: BaseQueryApi = {
    getState: () => store.getState(),
    dispatch: store.dispatch,
    signal: new AbortController().signal,
    abort: () => undefined,
    extra: undefined,
    endpoint: 'test',
    type: 'query',
    forced: false,
  };
  const count = (type: string) => actions.filter((a) => a.type === type).length;
  return { store, api, actions, count };
}

type Handler = (request: Request) => Promise<Response> | Response;
/** Every request the server received, in order. */
let sent: SentCall[];
function mockFetch(handler: Handler) {
  sent = answerAll((request) => handler(request));
}
const calls = (suffix: string) => sent.filter((c) => c.path.endsWith(suffix));
const bearer = (request: { headers: Headers }) => request.headers.get('authorization');

/** A protected endpoint that accepts only `validToken`; the refresh endpoint answers with `refresh`. */
function server(validToken: () => string, refresh: () => Response) {
  return (request: Request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/v1/refresh-token') return refresh();
    if (bearer(request) === `Bearer ${validToken()}`) return jsonResponse(200, { data: { path, ok: true } });
    return jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'Token expired' } });
  };
}

/** The app's base query in the auth scope (/api/v1/auth, 8 s, bearer token, re-auth). */
const protectedQuery = (): AppBaseQuery => (args, api, extraOptions) => baseQuery(authCall(args), api, extraOptions);

// What app/store.ts wires in: this test builds its own store.
beforeAll(() => configureReauth(sessionReauth));
beforeEach(() => resetReauthState());

describe('base query: unwrapping and errors', () => {
  it('unwraps `data` from a success', async () => {
    const { api } = setup();
    mockFetch(() => jsonResponse(200, { data: { hello: 'world' } }));
    const result = await publicBaseQuery('/lookups/investmentStrategies', api, {});
    expect(result).toMatchObject({ data: { hello: 'world' } });
    expect(sent[0].path).toBe('/api/v1/lookups/investmentStrategies');
  });

  it('treats 204 as null data', async () => {
    const { api } = setup();
    mockFetch(() => jsonResponse(204));
    const result = await publicBaseQuery({ url: '/forgot-password', method: 'POST', body: { username: 'a@b.co' } }, api, {});
    expect(result.error).toBeUndefined();
    expect(result.data).toBeNull();
  });

  it('surfaces error.code, error.message and fields', async () => {
    const { api } = setup();
    mockFetch(() =>
      jsonResponse(400, { error: { code: 'VALIDATION_FAILED', message: 'Bad input', fields: { email: 'Email is required' } } }),
    );
    const result = await publicBaseQuery({ url: '/signup', method: 'POST', body: {} }, api, {});
    expect(result.error).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Bad input',
      fields: { email: 'Email is required' },
    });
  });

  it("falls back to 'An error occurred'", async () => {
    const { api } = setup();
    mockFetch(() => new Response('<html>oops</html>', { status: 502 }));
    const result = await publicBaseQuery('/lookups/investmentMarkets', api, {});
    expect(result.error?.message).toBe('An error occurred');
    mockFetch(() => HttpResponse.error()); // the network is down
    const offline = await publicBaseQuery('/lookups/investmentMarkets', api, {});
    expect(offline.error).toMatchObject({ status: 'FETCH_ERROR', message: 'An error occurred' });
  });

  it('sends the bearer token only on protected bases', async () => {
    const { api } = setup();
    mockFetch(() => jsonResponse(200, { data: null }));
    await protectedQuery()('/getUser', api, {});
    await publicBaseQuery('/lookups/investmentInterests', api, {});
    expect(bearer(sent[0])).toBe('Bearer t1');
    expect(bearer(sent[1])).toBeNull();
  });
});

describe('base query: re-auth', () => {
  it('three concurrent 401s cause exactly one refresh and three successful retries', async () => {
    const { api, store } = setup();
    let valid = 't2';
    mockFetch(
      server(
        () => valid,
        () => jsonResponse(200, { data: session(2) }),
      ),
    );
    const query = protectedQuery();
    const results = await Promise.all([query('/getUser', api, {}), query('/recentSearches', api, {}), query('/rates', api, {})]);

    expect(calls('/refresh-token')).toHaveLength(1);
    expect(calls('/refresh-token')[0].body).toEqual({ refreshToken: 'r1' });
    results.forEach((r) => expect(r.data).toMatchObject({ ok: true }));
    // 3 originals with t1 + 3 retries with t2
    const protectedCalls = sent.filter((c) => c.path.startsWith('/api/v1/auth/'));
    expect(protectedCalls.map(bearer).sort()).toEqual([
      'Bearer t1',
      'Bearer t1',
      'Bearer t1',
      'Bearer t2',
      'Bearer t2',
      'Bearer t2',
    ]);
    expect(store.getState().session).toMatchObject({ token: 't2', refreshToken: 'r2' });
    valid = 'never';
  });

  it('a failed refresh clears the session exactly once and resets the API caches', async () => {
    const { api, store, count } = setup();
    mockFetch(
      server(
        () => 'nope',
        () => jsonResponse(401, { error: { code: 'TOKEN_INVALID', message: 'Session expired' } }),
      ),
    );
    const query = protectedQuery();
    const results = await Promise.all([query('/a', api, {}), query('/b', api, {}), query('/c', api, {})]);

    results.forEach((r) => expect(r.error?.status).toBe(401));
    expect(calls('/refresh-token')).toHaveLength(1);
    expect(count('session/sessionCleared')).toBe(1);
    expect(count('api/resetApiState')).toBe(1);
    expect(store.getState().session.token).toBeNull();
  });

  it('retries the original request only once', async () => {
    const { api } = setup();
    mockFetch(
      server(
        () => 'never-valid',
        () => jsonResponse(200, { data: session(2) }),
      ),
    );
    const result = await protectedQuery()('/getUser', api, {});
    expect(result.error?.status).toBe(401);
    expect(calls('/refresh-token')).toHaveLength(1);
    expect(calls('/getUser')).toHaveLength(2);
  });

  it('reuses the refresh result within 12 s and refreshes again after', async () => {
    for (const [elapsed, expectedRefreshes] of [
      [11_000, 1],
      [13_000, 2],
    ] as const) {
      resetReauthState();
      const { api } = setup();
      let clock = 1_000_000;
      let refreshes = 0;
      let openGate: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (openGate = resolve));
      mockFetch(async (request) => {
        const path = new URL(request.url).pathname;
        if (path === '/api/v1/refresh-token') {
          refreshes += 1;
          return jsonResponse(200, { data: session(1 + refreshes) });
        }
        if (path.endsWith('/slow') && bearer(request) === 'Bearer t1') await gate; // in flight across the refresh
        return bearer(request) === `Bearer t${1 + refreshes}` && refreshes > 0
          ? jsonResponse(200, { data: { path } })
          : jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'Token expired' } });
      });
      const query = withReauth(createRawBaseQuery('/api/v1/auth', 8000, true), { now: () => clock });

      const slow = query('/slow', api, {}); // sent with t1, answers later
      await Promise.resolve();
      const fast = await query('/fast', api, {}); // 401 → refresh (t2) → retry
      expect(fast.data).toEqual({ path: '/api/v1/auth/fast' });
      clock += elapsed;
      openGate();
      const late = await slow;
      expect(late.data).toEqual({ path: '/api/v1/auth/slow' });
      expect(refreshes).toBe(expectedRefreshes);
    }
  });

  it('never re-authenticates login, refresh or other public calls', async () => {
    const { api, count } = setup();
    mockFetch(() => jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'Invalid email or password' } }));
    const login = await publicBaseQuery({ url: '/login', method: 'POST', body: { username: 'a@b.co', password: 'x' } }, api, {});
    const refresh = await publicBaseQuery({ url: '/refresh-token', method: 'POST', body: { refreshToken: 'r1' } }, api, {});
    expect(login.error).toMatchObject({ status: 401, message: 'Invalid email or password' });
    expect(refresh.error?.status).toBe(401);
    expect(sent).toHaveLength(2);
    expect(count('session/sessionCleared')).toBe(0);
  });
});
