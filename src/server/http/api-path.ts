/** Whether a request URL is under /api: `/api` or `/api/…`, its query string aside (`/api?x` is, `/apix` is not). */
export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0];
  return pathname === '/api' || pathname.startsWith('/api/');
}
