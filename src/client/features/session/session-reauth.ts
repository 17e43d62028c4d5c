import type { ReauthSession } from '../../api/base-query';
import { sessionCleared, tokensRefreshed, type SessionState } from './session-slice';
import { isNewerSession, readStoredSession, storeSessionNow, withRefreshLock } from './session-sync';

// Tolerant of a store without the session slice, as the base query always was.
const sessionOf = (state: unknown): Partial<SessionState> | undefined => (state as { session?: SessionState }).session;

/** What the base query's re-auth needs from the session; app/store.ts hands it to configureReauth. */
export const sessionReauth: ReauthSession = {
  selectToken: (state) => sessionOf(state)?.token ?? null,
  selectRefreshToken: (state) => sessionOf(state)?.refreshToken ?? null,
  tokensRefreshed,
  sessionCleared,
  newerStoredSession: (state) => {
    const stored = readStoredSession();
    return isNewerSession(stored, (state as { session: SessionState }).session) ? stored : null;
  },
  withRefreshLock,
  storeSessionNow,
};
