import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppStore } from '../../app/hooks';
import { usePersistor } from './persistor-context';
import { api } from '../../api/base-api';
import { clearDealmapStorage } from './browser-storage';
import { SESSION_STORAGE_KEY } from '../../constants';
import { useLogoutMutation } from './session-api';
import { sessionCleared } from './session-slice';

/**
 * Sign-out: DELETE /session/{refreshToken}, then — even if that fails —
 * clear the session, purge the persisted copy and every other `dealmap.*` key of localStorage, reset
 * the API cache and go to `/`, replacing history.
 */
export function useLogout(): () => Promise<void> {
  const [deleteSession] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const persistor = usePersistor();
  const navigate = useNavigate();

  return useCallback(async () => {
    const { refreshToken } = store.getState().session;
    if (refreshToken) {
      try {
        await deleteSession(refreshToken).unwrap();
      } catch {
        // The server may already have forgotten the session; signing out locally still proceeds.
      }
    }
    dispatch(sessionCleared());
    try {
      if (persistor) {
        await persistor.flush();
        await persistor.purge();
      }
      window.localStorage.removeItem(SESSION_STORAGE_KEY);
      // Everything else Dealmap kept in this browser goes too (spec: logout clears local storage).
      clearDealmapStorage();
    } catch (error) {
      console.warn('Could not clear the stored session', error);
    }
    dispatch(api.util.resetApiState());
    void navigate('/', { replace: true });
  }, [deleteSession, dispatch, navigate, persistor, store]);
}
