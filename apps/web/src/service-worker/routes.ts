/** What the service worker does with one request. */
export type Route =
  /** A page of the app: the network first, the kept index.html when it cannot be reached. */
  | 'shell'
  /** A hashed build file: never changes, so the kept copy first. */
  | 'asset'
  /** Left to the browser, never kept: the API above all, whose answers are the learner's data. */
  | 'network';

/** The kept index.html, answered for every page of the app when offline. */
export const shellUrl = '/index.html';

/** Every cache of the app starts so; the part after it names the build. */
export const cachePrefix = 'glossa-shell-';

export function cacheName(version: string): string {
  return `${cachePrefix}${version}`;
}

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * Pages are every navigation outside /api, as the server answers index.html for them (its SPA
 * fallback); /api pages (the OpenAPI docs) are the server's own.
 */
export function routeOf(
  request: { method: string; mode: string; url: string },
  origin: string,
): Route {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin || isApiPath(url.pathname)) return 'network';
  if (request.mode === 'navigate') return 'shell';
  if (url.pathname.startsWith('/assets/')) return 'asset';
  return 'network';
}
