import { lazy, Suspense, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { ThemeSync } from '../features/theme/theme-sync';
import { PersistorContext } from '../features/session';
import type { AppStore } from './store';

/** The toasts' container loads after the first paint (a toast raised before it is shown when it arrives). */
const AppToaster = lazy(() => import(/* webpackChunkName: "toaster" */ '../components/app-toaster'));

/** The theme follower and the toasts; Ant Design's theme is set where it is used (AntdScope). */
function ThemedApp({ children }: { children: ReactNode }) {
  return (
    <>
      <ThemeSync />
      {children}
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </>
  );
}

/** Store, persisted session, theme and toasts around the app. */
export function AppProviders({
  store,
  persistor,
  children,
}: {
  store: AppStore;
  persistor: Persistor | null;
  children: ReactNode;
}) {
  const themed = <ThemedApp>{children}</ThemedApp>;
  return (
    <Provider store={store}>
      <PersistorContext.Provider value={persistor}>
        {persistor ? (
          <PersistGate loading={null} persistor={persistor}>
            {themed}
          </PersistGate>
        ) : (
          themed
        )}
      </PersistorContext.Provider>
    </Provider>
  );
}
