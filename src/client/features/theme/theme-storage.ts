import type { ThemeMode } from '../../components/theme-mode';
import { THEME_STORAGE_KEY } from '../../constants';

export type { ThemeMode };

export interface SavedTheme {
  mode: ThemeMode;
  followSystem: boolean;
}

const isMode = (value: unknown): value is ThemeMode => value === 'light' || value === 'dark';

/** Reads the saved choice; storage failures only warn. */
export function readSavedTheme(): SavedTheme | null {
  try {
    const raw = window.localStorage.getItem(THEME_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<SavedTheme>;
    if (!isMode(parsed.mode)) return null;
    return { mode: parsed.mode, followSystem: parsed.followSystem === true };
  } catch (error) {
    console.warn('Could not read the saved theme', error);
    return null;
  }
}

export function writeSavedTheme(theme: SavedTheme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify(theme));
  } catch (error) {
    console.warn('Could not save the theme', error);
  }
}

export function clearSavedTheme(): void {
  try {
    window.localStorage.removeItem(THEME_STORAGE_KEY);
  } catch (error) {
    console.warn('Could not clear the saved theme', error);
  }
}

export const SYSTEM_DARK_QUERY = '(prefers-color-scheme: dark)';

/** The operating system's preference, light when unknown. */
export function systemTheme(): ThemeMode {
  try {
    if (typeof window !== 'undefined' && typeof window.matchMedia === 'function') {
      return window.matchMedia(SYSTEM_DARK_QUERY).matches ? 'dark' : 'light';
    }
  } catch (error) {
    console.warn('Could not read the system theme', error);
  }
  return 'light';
}
