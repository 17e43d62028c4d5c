/**
 * The login return target from `?from=` (spec default `/`). Only same-origin paths are accepted;
 * `/` itself sends a signed-in user to the app at `/app`.
 */
export function returnTarget(from: string | null | undefined): string {
  const fallback = '/app';
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return fallback;
  if (from === '/') return fallback;
  return from;
}

/** Where the landing search goes: the search page with the place in `?place=`. */
export function searchTarget(place: string): string {
  return `/app/search?place=${encodeURIComponent(place.trim())}`;
}

export function loginWithReturn(target: string): string {
  return `/login?from=${encodeURIComponent(target)}`;
}
