/** Client constants: timeouts, the refresh cache, toasts, breakpoints, storage keys. */

/** Request timeouts in ms. */
export const PUBLIC_TIMEOUT_MS = 5000;
export const AUTH_TIMEOUT_MS = 8000;
export const ADMIN_TIMEOUT_MS = 8000;

/** How long a token refresh result is reused by concurrent 401s, in ms. */
export const REFRESH_CACHE_MS = 12000;

/** API base paths. */
export const PUBLIC_BASE = '/api/v1';
export const AUTH_BASE = '/api/v1/auth';
export const ADMIN_BASE = '/api/v1/admin';

/**
 * The spec's three API scopes, served by the one base query (src/client/api/base-api.ts): where a
 * call goes, how long it may take, whether it carries the bearer token and is re-authenticated on a 401.
 */
export const API_SCOPES = {
  public: { baseUrl: PUBLIC_BASE, timeout: PUBLIC_TIMEOUT_MS, withToken: false },
  auth: { baseUrl: AUTH_BASE, timeout: AUTH_TIMEOUT_MS, withToken: true },
  admin: { baseUrl: ADMIN_BASE, timeout: ADMIN_TIMEOUT_MS, withToken: true },
} as const;
export type ApiScope = keyof typeof API_SCOPES;

/** Toasts: auto-close, at most 3 visible, 356 px wide, 14 px gap, Alt+T focuses them. */
export const TOAST_DURATION_MS = 4000;
export const TOAST_LIMIT = 3;
export const TOAST_WIDTH_PX = 356;
export const TOAST_GAP_PX = 14;
export const TOAST_POSITION = 'top-center' as const;

/** Radial menu close animation, ms. */
export const RADIAL_CLOSE_MS = 300;

/** Breakpoints (min widths, px): xs is anything under sm. */
export const BREAKPOINTS = { sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const;
export type BreakpointName = 'xs' | keyof typeof BREAKPOINTS;

export function breakpointFor(width: number): BreakpointName {
  if (width >= BREAKPOINTS['2xl']) return '2xl';
  if (width >= BREAKPOINTS.xl) return 'xl';
  if (width >= BREAKPOINTS.lg) return 'lg';
  if (width >= BREAKPOINTS.md) return 'md';
  if (width >= BREAKPOINTS.sm) return 'sm';
  return 'xs';
}

/** Dialog widths at sm / lg / xl. */
export const DIALOG_WIDTHS = { sm: 600, lg: 800, xl: 900 } as const;

/** localStorage keys. */
/** The session (the login response, stored whole) lives under this one key, written by redux-persist. */
export const SESSION_STORAGE_KEY = 'dealmap.session';
export const THEME_STORAGE_KEY = 'dealmap.theme';
export const NOTES_STORAGE_PREFIX = 'dealmap.notes.';

export const IS_DEVELOPMENT = process.env.NODE_ENV !== 'production';

/**
 * Map zooms other pages quote: the zoom a link to one place opens the search at, and the zoom past
 * which every property has its own marker (features/map, help).
 */
export const SEARCH_ZOOM = 18;
export const CLUSTER_MAX_ZOOM = 16;
