/**
 * One session for every tab of the browser. The tabs share the stored session (one localStorage key),
 * and a refresh token is good for one refresh, so two tabs refreshing with the same token would look
 * like a stolen token to the server. Here:
 * - a refresh runs under a Web Lock the tabs share (`navigator.locks`), so one tab refreshes at a
 *   time, and it stores the new pair before letting go of the lock;
 * - a tab that waited for the lock finds that newer pair in storage and adopts it instead of
 *   presenting its rotated token;
 * - every other tab adopts a newer stored pair when the `storage` event tells it, and signs out when
 *   another tab signed out.
 * The server keeps a short grace for a rotated token too (REFRESH_REUSE_GRACE_MS), for browsers
 * without Web Locks and a storage event still on its way.
 */
import type { SessionResponse } from '../../../shared/api-types';
import { SESSION_STORAGE_KEY } from '../../constants';
import { sessionCleared, sessionStored, tokensRefreshed, type SessionState } from './session-slice';

export const REFRESH_LOCK_NAME = 'dealmap.session.refresh';

/** Runs `work` holding the tabs' refresh lock; where the browser has no Web Locks, just runs it. */
export async function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks || typeof locks.request !== 'function') return work();
  return locks.request(REFRESH_LOCK_NAME, work);
}

let flushStoredSession: () => Promise<unknown> = () => Promise.resolve();

/** The store's entry sets how the session is written to storage at once (the persistor's flush). */
export function setSessionFlush(flush: () => Promise<unknown>): void {
  flushStoredSession = flush;
}

/** Writes the session to storage now, so the next tab to take the lock reads the new pair. */
export function storeSessionNow(): Promise<unknown> {
  return flushStoredSession().catch((error: unknown) => console.warn('Could not store the session', error));
}

/** The session as redux-persist stored it (each field JSON inside the JSON object), or null. */
export function readStoredSession(storage: Storage | undefined = globalThis.localStorage): SessionResponse | null {
  try {
    const raw = storage?.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const fields = JSON.parse(raw) as Record<string, unknown>;
    const field = (name: string): unknown => (typeof fields[name] === 'string' ? JSON.parse(fields[name]) : null);
    const token = field('token');
    const refreshToken = field('refreshToken');
    if (typeof token !== 'string' || typeof refreshToken !== 'string' || !token || !refreshToken) return null;
    return { token, refreshToken, user: field('user') as SessionResponse['user'] };
  } catch {
    return null;
  }
}

/** When an access token was issued (its `iat`, seconds), or 0 when it cannot be read. */
export function issuedAt(token: string | null): number {
  const payload = token?.split('.')[1];
  if (!payload) return 0;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { iat?: unknown };
    return typeof claims.iat === 'number' ? claims.iat : 0;
  } catch {
    return 0;
  }
}

/** Whether the stored pair replaces this tab's: another pair, issued no earlier. */
export function isNewerSession(stored: SessionResponse | null, current: SessionState): stored is SessionResponse {
  if (!stored) return false;
  if (!current.token || !current.refreshToken) return true;
  return stored.refreshToken !== current.refreshToken && issuedAt(stored.token) >= issuedAt(current.token);
}

interface SessionStore {
  getState(): { session: SessionState };
  dispatch(action: { type: string }): unknown;
}

/**
 * Follows the other tabs through the `storage` event: a newer pair (a refresh, or a sign-in) is
 * adopted; a removed session (a sign-out) signs this tab out too, and `onSignedOut` runs.
 * Returns the function that stops following.
 */
export function syncSessionAcrossTabs(store: SessionStore, onSignedOut: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== SESSION_STORAGE_KEY) return;
    const current = store.getState().session;
    const stored = readStoredSession();
    if (!stored) {
      if (current.token) {
        store.dispatch(sessionCleared());
        onSignedOut();
      }
      return;
    }
    if (!isNewerSession(stored, current)) return;
    store.dispatch(current.token ? tokensRefreshed(stored) : sessionStored(stored));
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
