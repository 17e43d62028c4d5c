/** The theme feature's public surface for other features: which theme the app shows. */
export { selectThemeMode } from './theme-slice';
