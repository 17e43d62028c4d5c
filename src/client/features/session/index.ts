/** The session feature's public surface: the signed-in state, its endpoints, sign-out and the guards. */
export {
  initialSessionState,
  selectIsSignedIn,
  selectRefreshToken,
  selectSession,
  selectToken,
  selectUser,
  sessionCleared,
  sessionReducer,
  sessionStored,
  tokensRefreshed,
  userLoaded,
  type SessionState,
} from './session-slice';
export { useGetUserQuery, useLogoutMutation } from './session-api';
export { useLogout } from './use-logout';
export { RequireRole } from './require-role';
export { loginWithReturn, returnTarget, searchTarget } from './return-target';
export { clearDealmapStorage } from './browser-storage';
export { PersistorContext } from './persistor-context';
