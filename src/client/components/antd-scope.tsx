import { App as AntApp, ConfigProvider } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Outlet } from 'react-router-dom';
import { antdTheme } from './antd-theme';
import { selectThemeMode } from './theme-mode';

/**
 * Ant Design's theme (light or dark, the brand colour) and its App context around the pages that
 * use Ant Design. It is not around the landing page, so Ant Design stays out of the first load
 * (docs/client.md, "First load").
 */
export function AntdScope({ children }: { children: ReactNode }) {
  // react-redux's own hook (selectThemeMode types the state): components/ imports nothing from app/.
  const mode = useSelector(selectThemeMode);
  // One theme object per mode: a new one on every render of the shell made Ant Design recompute its
  // styles, and dialogs never settled (their buttons were "not stable" for Playwright).
  const theme = useMemo(() => antdTheme(mode), [mode]);
  return (
    <ConfigProvider theme={theme}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

/** A layout route: its child pages inside the Ant Design scope. */
export function AntdOutlet() {
  return (
    <AntdScope>
      <Outlet />
    </AntdScope>
  );
}

export default AntdOutlet;
