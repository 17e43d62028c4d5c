import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectTheme, systemThemeChanged } from './theme-slice';
import { SYSTEM_DARK_QUERY, writeSavedTheme } from './theme-storage';

/** Mirrors the theme to <html data-theme>, saves the choice and follows the OS while allowed. */
export function ThemeSync(): null {
  const theme = useAppSelector(selectTheme);
  const dispatch = useAppDispatch();

  useEffect(() => {
    document.documentElement.setAttribute('data-theme', theme.mode);
    document.documentElement.style.colorScheme = theme.mode;
    writeSavedTheme(theme);
  }, [theme]);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(SYSTEM_DARK_QUERY);
    const onChange = (event: MediaQueryListEvent) => dispatch(systemThemeChanged(event.matches ? 'dark' : 'light'));
    query.addEventListener?.('change', onChange);
    return () => query.removeEventListener?.('change', onChange);
  }, [dispatch]);

  return null;
}
