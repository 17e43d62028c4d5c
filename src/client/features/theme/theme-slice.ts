import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readSavedTheme, systemTheme, type ThemeMode } from './theme-storage';

export { selectThemeMode } from '../../components/theme-mode';

export interface ThemeState {
  mode: ThemeMode;
  /** True while the theme follows the operating system; cleared by an explicit choice. */
  followSystem: boolean;
}

/** Restores the saved choice, or the system preference when following the system or nothing is saved. */
export function restoreTheme(): ThemeState {
  const saved = readSavedTheme();
  if (saved && !saved.followSystem) return { mode: saved.mode, followSystem: false };
  return { mode: systemTheme(), followSystem: true };
}

const themeSlice = createSlice({
  name: 'theme',
  initialState: restoreTheme,
  reducers: {
    themeSet: (_state, action: PayloadAction<ThemeMode>) => ({ mode: action.payload, followSystem: false }),
    themeToggled: (state) => ({ mode: state.mode === 'dark' ? 'light' : 'dark', followSystem: false }),
    /** Follow the operating system again with its current preference. */
    followSystemEnabled: (_state, action: PayloadAction<ThemeMode>) => ({ mode: action.payload, followSystem: true }),
    /** The operating system preference changed; applied only while following it. */
    systemThemeChanged: (state, action: PayloadAction<ThemeMode>) => {
      if (state.followSystem) state.mode = action.payload;
    },
  },
});

export const { themeSet, themeToggled, followSystemEnabled, systemThemeChanged } = themeSlice.actions;
export const themeReducer = themeSlice.reducer;
export const selectTheme = (state: { theme: ThemeState }): ThemeState => state.theme;
