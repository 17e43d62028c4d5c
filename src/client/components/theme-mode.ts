/**
 * Which theme the app shows, for the shared UI below the features (the theme slice itself is
 * the theme feature, which re-exports these).
 */
export type ThemeMode = 'light' | 'dark';

export const selectThemeMode = (state: { theme: { mode: ThemeMode } }): ThemeMode => state.theme.mode;
