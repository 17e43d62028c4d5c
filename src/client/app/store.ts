import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer, persistStore } from 'redux-persist';
import storage from 'redux-persist/lib/storage';
import { api } from '../api/base-api';
import { configureReauth } from '../api/base-query';
import { IS_DEVELOPMENT, SESSION_STORAGE_KEY } from '../constants';
import { mapReducer, propertiesMerged } from '../features/map/map-slice';
import { sessionReauth } from '../features/session/session-reauth';
import { sessionReducer } from '../features/session/session-slice';
import { setSessionFlush, syncSessionAcrossTabs } from '../features/session/session-sync';
import { themeReducer } from '../features/theme/theme-slice';
import { devToolsOptions } from './devtools-sanitizers';

/** The session is persisted whole under exactly one localStorage key (no 'persist:' prefix). */
export const sessionPersistConfig = {
  key: SESSION_STORAGE_KEY,
  keyPrefix: '',
  storage,
  whitelist: ['token', 'refreshToken', 'user'],
};

export const rootReducer = combineReducers({
  session: persistReducer(sessionPersistConfig, sessionReducer),
  theme: themeReducer,
  map: mapReducer,
  [api.reducerPath]: api.reducer,
});

export function makeStore(preloadedState?: Partial<ReturnType<typeof rootReducer>>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as ReturnType<typeof rootReducer> | undefined,
    // Development only, with the large map state and API payloads summarised (devtools-sanitizers.ts).
    devTools: devToolsOptions(IS_DEVELOPMENT),
    middleware: (getDefault) =>
      getDefault({
        // The map may know tens of thousands of properties: the development-only checks skip them.
        immutableCheck: { ignoredPaths: ['map.properties'] },
        serializableCheck: {
          ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER, propertiesMerged.type],
          ignoredPaths: ['map.properties'],
          // Its cache first checks that the whole state is deeply frozen, map.properties included:
          // 100+ ms an action with 20,000 known properties. Without it only the checked paths are walked.
          disableCache: true,
        },
      }).concat(api.middleware),
  });
}

// The base query re-authenticates with the session's slice and tab sync (api/ imports no feature).
configureReauth(sessionReauth);

export const store = makeStore();
export const persistor = persistStore(store);
setupListeners(store.dispatch);
// Every tab follows the one stored session (features/session/session-sync.ts).
setSessionFlush(() => persistor.flush());
syncSessionAcrossTabs(store, () => store.dispatch(api.util.resetApiState()));

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
