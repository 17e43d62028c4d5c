import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { persistReducer, persistStore } from 'redux-persist';
import { authCall, baseQuery } from '../../src/client/api/base-api';
import { resetReauthState } from '../../src/client/api/base-query';
import { sessionPersistConfig } from '../../src/client/app/store';
import { SESSION_STORAGE_KEY } from '../../src/client/constants';
import { sessionReducer, sessionStored } from '../../src/client/features/session/session-slice';
import {
  isNewerSession,
  issuedAt,
  readStoredSession,
  REFRESH_LOCK_NAME,
  syncSessionAcrossTabs,
  withRefreshLock,
} from '../../src/client/features/session/session-sync';
import type { SessionResponse } from '../../src/shared/api-types';
import { makeUser } from './api-mock';
import { answerAll, jsonResponse, type SentCall } from './msw-server';

const user = makeUser();
/** An access token with `iat` (the client reads it, never checks it). */
const jwt = (iat: number) => `h.${btoa(JSON.stringify({ iat })).replace(/=+$/, '')}.s`;
const pair = (n: number, iat = 1000 + n): SessionResponse => ({ token: jwt(iat), refreshToken: `r${n}`, user });

/** A store whose session is persisted exactly as the app's (redux-persist, one key), once rehydrated. */
async function persistedStore() {
  const actions: UnknownAction[] = [];
  const recorder: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    return next(action);
  };
  const store = configureStore({
    reducer: { session: persistReducer(sessionPersistConfig, sessionReducer) },
    middleware: (getDefault) => getDefault({ serializableCheck: false }).concat(recorder),
  });
  let persistor!: ReturnType<typeof persistStore>;
  await new Promise<void>((resolve) => {
    persistor = persistStore(store, null, resolve);
  });
  return { store, persistor, actions };
}

/** What another tab's redux-persist writes. */
async function storeInAnotherTab(session: SessionResponse) {
  const other = await persistedStore();
  other.store.dispatch(sessionStored(session));
  await other.persistor.flush();
  other.persistor.pause();
}

beforeEach(() => {
  localStorage.clear();
  resetReauthState();
});

describe('the stored session shared by the tabs', () => {
  it('reads the session as redux-persist stored it, under the one key', async () => {
    await storeInAnotherTab(pair(2));
    expect([localStorage.length, localStorage.key(0)]).toEqual([1, SESSION_STORAGE_KEY]);
    expect(readStoredSession()).toEqual(pair(2));
    localStorage.setItem(SESSION_STORAGE_KEY, 'not json');
    expect(readStoredSession()).toBeNull();
  });

  it("a pair replaces this tab's only when it is another one, issued no earlier", () => {
    const current = { token: pair(2).token, refreshToken: 'r2', user };
    expect(issuedAt(pair(2).token)).toBe(1002);
    expect(isNewerSession(pair(3), current)).toBe(true);
    expect(isNewerSession(pair(2), current)).toBe(false);
    expect(isNewerSession(pair(1), current)).toBe(false);
    expect(isNewerSession(pair(1), { token: null, refreshToken: null, user: null })).toBe(true);
    expect(isNewerSession(null, current)).toBe(false);
  });

  it('follows the other tabs: adopts a newer pair, and signs out when another tab signed out', async () => {
    const { store, persistor } = await persistedStore();
    store.dispatch(sessionStored(pair(1)));
    await persistor.flush();
    const signedOut = jest.fn();
    const stop = syncSessionAcrossTabs(store, signedOut);
    await storeInAnotherTab(pair(2));
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY }));
    expect(store.getState().session).toMatchObject({ token: pair(2).token, refreshToken: 'r2' });

    localStorage.removeItem(SESSION_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY }));
    expect(store.getState().session.token).toBeNull();
    expect(signedOut).toHaveBeenCalledTimes(1);
    stop();
  });

  it('refreshes under the Web Lock the tabs share', async () => {
    const request = jest.fn((_name: string, work: () => Promise<unknown>) => work());
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    try {
      await expect(withRefreshLock(async () => 'done')).resolves.toBe('done');
      expect(request).toHaveBeenCalledWith(REFRESH_LOCK_NAME, expect.any(Function));
    } finally {
      delete (navigator as { locks?: unknown }).locks;
    }
  });

  it('a tab that meets a 401 after another tab refreshed adopts the stored pair instead of refreshing again', async () => {
    const { store, persistor } = await persistedStore();
    store.dispatch(sessionStored(pair(1)));
    await persistor.flush();
    // The other tab refreshed first: the server has rotated r1, and only the new token is good.
    await storeInAnotherTab(pair(2));
    const sent: SentCall[] = answerAll((request) => {
      if (new URL(request.url).pathname === '/api/v1/refresh-token')
        return jsonResponse(401, { error: { code: 'TOKEN_INVALID' } });
      return request.headers.get('authorization') === `Bearer ${pair(2).token}`
        ? jsonResponse(200, { data: { ok: true } })
        : jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'Sign in to continue.' } });
    });
    const api = {
      getState: () => store.getState(),
      dispatch: store.dispatch,
      signal: new AbortController().signal,
      abort: () => undefined,
      extra: undefined,
      endpoint: 'test',
      type: 'query',
      forced: false,
    } as BaseQueryApi;
    const result = await baseQuery(authCall('/getUser'), api, {});
    expect(result.data).toEqual({ ok: true });
    expect(sent.filter((c) => c.path === '/api/v1/refresh-token')).toHaveLength(0);
    expect(store.getState().session.refreshToken).toBe('r2');
  });
});
