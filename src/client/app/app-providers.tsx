import { App as AntApp, ConfigProvider, theme as antTheme } from 'antd';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { AppToaster } from '../components/app-toaster';
import { selectThemeMode } from '../features/theme/theme-slice';
import { ThemeSync } from '../features/theme/theme-sync';
import { useAppSelector } from './hooks';
import { PersistorContext } from './persistor-context';
import type { AppStore } from './store';

const BRAND = '#0e9f6e';

function ThemedApp({ children }: { children: ReactNode }) {
  const mode = useAppSelector(selectThemeMode);
  return (
    <ConfigProvider
      theme={{
        algorithm: mode === 'dark' ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
        token: {
          colorPrimary: BRAND,
          colorLink: BRAND,
          borderRadius: 8,
          fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
        },
      }}
    >
      <AntApp>
        <ThemeSync />
        {children}
        <AppToaster />
      </AntApp>
    </ConfigProvider>
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
