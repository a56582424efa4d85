/**
 * The static routing API (Chromium 123+): routes the browser follows by itself, without starting or
 * running the service worker. The build's hashed files (/assets/) are read straight from the
 * precache, as precacheAndRoute would answer them: an app started offline loads its ~80 chunks with
 * no round trip through the worker's script for each. A file missing from the cache goes to the
 * network. Browsers without the API use the worker's own route, as before.
 */

/**
 * What is used of the install event (typed here so the page's DOM types compile it), with the part
 * the API adds (not in TypeScript's WebWorker library).
 */
export interface InstallEventRoutes {
  waitUntil(promise: Promise<unknown>): void;
  addRoutes?(rules: StaticRouteRule[]): Promise<void>;
}

export interface StaticRouteRule {
  condition: { urlPattern: string };
  source: { cacheName: string };
}

/** What the build's hashed files (immutable, named by their content) are read from. */
export const assetRoutes = (precacheName: string): StaticRouteRule[] => [
  { condition: { urlPattern: '/assets/*' }, source: { cacheName: precacheName } },
];

/** Adds the routes at install, where the browser has the API. */
export function addAssetRoutes(event: InstallEventRoutes, precacheName: string): void {
  const routes = event.addRoutes?.(assetRoutes(precacheName));
  if (routes) event.waitUntil(routes);
}

/**
 * A precache plugin that keeps the files without their `Vary` header. The server sends
 * `Vary: Accept-Encoding` (it serves them compressed); with it, Chromium's lookup for the static
 * route missed every file (measured: an offline start failed on the first chunk not also in the
 * HTTP cache), without it every lookup hits. A cached file is the same whatever the encoding.
 */
export const withoutVary = {
  cacheWillUpdate: async ({ response }: { response: Response }): Promise<Response> => {
    if (!response.headers.has('vary')) return response;
    const headers = new Headers(response.headers);
    headers.delete('vary');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  },
};
