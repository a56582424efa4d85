/**
 * The offline copy of the app's shell: the last index.html the server answered to a navigation.
 * The build's own index.html cannot be used offline (the server injects the client configuration
 * into it, plugins/spa.ts), so the worker keeps the served one, under one key whatever the path:
 * every path of the app is the same page.
 */

export const SHELL_CACHE = 'blotter-shell';
/** The one key the served index.html is kept under (not a path the server answers). */
export const SHELL_KEY = '/__shell';
/**
 * How long a navigation waits for the network before the cached shell is shown. Short: on a
 * patrol's one bar of signal the app opens from the phone; the answer still refreshes the copy.
 */
export const SHELL_NETWORK_TIMEOUT_SECONDS = 3;

/**
 * Paths whose answers the worker never caches: the API (people's data), the identity provider
 * (sign-in pages, codes, tokens) and its assets. Matched against the path and query.
 */
export const PRIVATE_PATHS: RegExp[] = [/^\/api(\/|$|\?)/, /^\/oidc(\/|$|\?)/, /^\/auth-assets(\/|$|\?)/];

export function isPrivatePath(url: string | URL): boolean {
  const { pathname } = typeof url === 'string' ? new URL(url, 'http://localhost') : url;
  return PRIVATE_PATHS.some((pattern) => pattern.test(pathname));
}

/** Whether an answer may become the offline shell: a 200 HTML page of the app, from a non-private path. */
export function isCacheableShell(request: Request, response: Response): boolean {
  if (response.status !== 200 || response.type === 'opaque') return false;
  if (!(response.headers.get('content-type') ?? '').toLowerCase().startsWith('text/html')) return false;
  if (isPrivatePath(request.url)) return false;
  // A navigation redirected (the sign-in's way through /oidc) ends on the last answer's address.
  return !(response.url && isPrivatePath(response.url));
}

/**
 * Workbox plugin of the navigation strategy: every navigation is read from and written to the one
 * shell key, and only a cacheable shell is written.
 */
export const shellCachePlugin = {
  cacheKeyWillBeUsed: async () => SHELL_KEY,
  cacheWillUpdate: async ({ request, response }: { request: Request; response: Response }) =>
    isCacheableShell(request, response) ? response : null,
};

/**
 * Fetches '/' and keeps it as the shell, so the app opens offline right after installing, before
 * any navigation went through the worker. A failure leaves the shell as it was (the next
 * navigation online fills it): installing must not fail for it.
 */
export async function warmShell(cacheStorage: CacheStorage, fetcher: typeof fetch, scope: string): Promise<boolean> {
  try {
    const request = new Request(new URL('/', scope), { cache: 'no-store', credentials: 'same-origin' });
    const response = await fetcher(request);
    if (!isCacheableShell(request, response)) return false;
    const cache = await cacheStorage.open(SHELL_CACHE);
    await cache.put(new URL(SHELL_KEY, scope).href, response);
    return true;
  } catch {
    return false;
  }
}
