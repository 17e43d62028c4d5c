import type { UnknownAction } from '@reduxjs/toolkit';
import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query';
import { Mutex } from 'async-mutex';
import type { SessionResponse } from '../../shared/api-types';
import { API_SCOPES, REFRESH_CACHE_MS, type ApiScope } from '../constants';

/** The error every endpoint returns: the server's error.code / error.message surfaced. */
export interface ApiError {
  status: number | 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR' | 'CUSTOM_ERROR';
  code: string;
  message: string;
  fields?: Record<string, string>;
}

export const DEFAULT_ERROR_MESSAGE = 'An error occurred';

export type AppBaseQuery = BaseQueryFn<string | FetchArgs, unknown, ApiError>;

/**
 * What the base query needs from the session, injected by the store's module (app/store.ts calls
 * configureReauth with the session feature's wiring), so that api/ imports no feature.
 */
export interface ReauthSession {
  /** The access token the store holds, or null when signed out. */
  selectToken: (state: unknown) => string | null;
  selectRefreshToken: (state: unknown) => string | null;
  /** The action that stores a refreshed (or adopted) pair. */
  tokensRefreshed: (session: SessionResponse) => UnknownAction;
  /** The action that signs this tab out. */
  sessionCleared: () => UnknownAction;
  /** The pair another tab stored when it replaces the one in `state`, else null. */
  newerStoredSession: (state: unknown) => SessionResponse | null;
  /** Runs `work` holding the tabs' refresh lock. */
  withRefreshLock: <T>(work: () => Promise<T>) => Promise<T>;
  /** Writes the session to storage now, so the next tab to take the lock reads the new pair. */
  storeSessionNow: () => Promise<unknown>;
}

let reauthSession: ReauthSession | null = null;

/** Called once by app/store.ts (and by tests that build their own store). */
export function configureReauth(session: ReauthSession): void {
  reauthSession = session;
}

function sessionHooks(): ReauthSession {
  if (!reauthSession) throw new Error('The base query has no session: app/store.ts calls configureReauth first');
  return reauthSession;
}

interface ErrorBodyShape {
  error?: { code?: unknown; message?: unknown; fields?: unknown } | string;
  message?: unknown;
}

/** Maps a fetchBaseQuery error to {status, code, message, fields}. */
export function toApiError(error: FetchBaseQueryError): ApiError {
  if (typeof error.status === 'number') {
    const body = (error.data ?? {}) as ErrorBodyShape;
    const inner = typeof body.error === 'object' && body.error !== null ? body.error : undefined;
    const message =
      (inner && typeof inner.message === 'string' && inner.message) ||
      (typeof body.message === 'string' && body.message) ||
      (typeof body.error === 'string' && body.error) ||
      DEFAULT_ERROR_MESSAGE;
    const code = inner && typeof inner.code === 'string' ? inner.code : `HTTP_${error.status}`;
    const fields =
      inner && typeof inner.fields === 'object' && inner.fields !== null ? (inner.fields as Record<string, string>) : undefined;
    return fields ? { status: error.status, code, message, fields } : { status: error.status, code, message };
  }
  if (error.status === 'PARSING_ERROR') {
    return { status: error.originalStatus, code: 'PARSING_ERROR', message: DEFAULT_ERROR_MESSAGE };
  }
  return { status: error.status, code: error.status, message: DEFAULT_ERROR_MESSAGE };
}

/**
 * One base for one API: adds the bearer token (when there is one), unwraps `data`
 * and maps errors. It never refreshes; see withReauth.
 */
export function createRawBaseQuery(baseUrl: string, timeout: number, withToken: boolean): AppBaseQuery {
  const raw = fetchBaseQuery({
    baseUrl,
    timeout,
    // Late-bound so tests can replace globalThis.fetch.
    fetchFn: (input, init) => fetch(input, init),
    prepareHeaders: (headers, { getState }) => {
      if (withToken) {
        const token = sessionHooks().selectToken(getState());
        if (token) headers.set('authorization', `Bearer ${token}`);
      }
      return headers;
    },
  });
  return async (args, api, extraOptions) => {
    const result = await raw(args, api, extraOptions);
    if (result.error) return { error: toApiError(result.error), meta: result.meta };
    const body = result.data as { data?: unknown } | null;
    const data = body && typeof body === 'object' && 'data' in body ? body.data : (body ?? null);
    return { data, meta: result.meta };
  };
}

export const publicBaseQuery = createRawBaseQuery(API_SCOPES.public.baseUrl, API_SCOPES.public.timeout, false);

/* ------------------------------------------------------------------ re-auth */

const mutex = new Mutex();
/** The last successful refresh: when, and which access token it produced. */
let lastRefresh: { at: number; token: string } | null = null;

/** For tests: forget the cached refresh result. */
export function resetReauthState(): void {
  lastRefresh = null;
}

const tokenOf = (api: BaseQueryApi): string | null => sessionHooks().selectToken(api.getState());
const refreshTokenOf = (api: BaseQueryApi): string | null => sessionHooks().selectRefreshToken(api.getState());

export interface ReauthOptions {
  /** Runs POST /refresh-token (default: the public base, which is never re-authenticated). */
  refreshQuery?: AppBaseQuery;
  /** Called once when a refresh fails and the session is cleared: the API resets its cache here. */
  onSessionLost?: (dispatch: BaseQueryApi['dispatch']) => void;
  /** The clock, for tests. */
  now?: () => number;
}

/**
 * Wraps a protected base query. On a 401: take the mutex; if another caller refreshed within
 * REFRESH_CACHE_MS and the token changed since this request was sent, retry with the new token;
 * otherwise, holding the tabs' refresh lock (the session's, given to configureReauth), adopt a newer
 * pair another tab stored, or POST /refresh-token once and store the new pair, then retry the request
 * once. A failed refresh clears the session (once) and calls onSessionLost; the /app guard then goes
 * to `/`.
 */
export function withReauth(
  baseQuery: AppBaseQuery,
  { refreshQuery = publicBaseQuery, onSessionLost, now = Date.now }: ReauthOptions = {},
): AppBaseQuery {
  return async (args, api, extraOptions) => {
    await mutex.waitForUnlock();
    const sentWith = tokenOf(api);
    const result = await baseQuery(args, api, extraOptions);
    if (result.error?.status !== 401 || !sentWith) return result;

    const release = await mutex.acquire();
    try {
      const { tokensRefreshed, sessionCleared, newerStoredSession, withRefreshLock, storeSessionNow } = sessionHooks();
      const current = tokenOf(api);
      if (!current) return result; // the session was cleared meanwhile: nothing to retry with
      const refreshedRecently = lastRefresh !== null && now() - lastRefresh.at < REFRESH_CACHE_MS;
      if (current !== sentWith && refreshedRecently) {
        return await baseQuery(args, api, extraOptions);
      }
      return await withRefreshLock(async () => {
        // Another tab may have refreshed while this one waited for the lock: adopt its stored pair
        // rather than present a refresh token it has rotated.
        const stored = newerStoredSession(api.getState());
        if (stored && stored.token !== sentWith) {
          api.dispatch(tokensRefreshed(stored));
          lastRefresh = { at: now(), token: stored.token };
          return await baseQuery(args, api, extraOptions);
        }
        const refreshToken = refreshTokenOf(api);
        const refreshed: { data?: unknown; error?: ApiError } = refreshToken
          ? await refreshQuery({ url: '/refresh-token', method: 'POST', body: { refreshToken } }, api, {})
          : { error: result.error };
        const session = refreshed.data as SessionResponse | undefined;
        if (!refreshed.error && session?.token) {
          api.dispatch(tokensRefreshed(session));
          lastRefresh = { at: now(), token: session.token };
          // Stored before the lock is let go, so the next tab to take it finds the new pair.
          await storeSessionNow();
          return await baseQuery(args, api, extraOptions);
        }
        if (tokenOf(api)) {
          lastRefresh = null;
          api.dispatch(sessionCleared());
          onSessionLost?.(api.dispatch);
        }
        return result;
      });
    } finally {
      release();
    }
  };
}

/* ------------------------------------------------------------------ scopes */

/** What every endpoint's `query` returns: the request and the scope (public, auth or admin) it goes to. */
export type ScopedArgs = FetchArgs & { scope: ApiScope };

export type ScopedBaseQuery = BaseQueryFn<ScopedArgs, unknown, ApiError>;

/**
 * The one base query of the app's one API: each request names its scope, which picks the base URL,
 * the timeout, the bearer token and re-auth from API_SCOPES. The public scope is never re-authenticated
 * (login, signup and refresh-token among its calls).
 */
export function createScopedBaseQuery(reauth: ReauthOptions = {}): ScopedBaseQuery {
  const byScope = {} as Record<ApiScope, AppBaseQuery>;
  for (const scope of Object.keys(API_SCOPES) as ApiScope[]) {
    const { baseUrl, timeout, withToken } = API_SCOPES[scope];
    const raw = createRawBaseQuery(baseUrl, timeout, withToken);
    byScope[scope] = withToken ? withReauth(raw, reauth) : raw;
  }
  return ({ scope, ...request }, api, extraOptions) => byScope[scope](request, api, extraOptions);
}

/** A readable message from whatever an RTK Query hook or unwrap() threw. */
export function errorMessage(error: unknown, fallback = DEFAULT_ERROR_MESSAGE): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message) {
    return error.message;
  }
  return fallback;
}

export function errorStatus(error: unknown): ApiError['status'] | undefined {
  if (error && typeof error === 'object' && 'status' in error) return (error as ApiError).status;
  return undefined;
}
