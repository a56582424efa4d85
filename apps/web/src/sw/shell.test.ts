import { describe, expect, it } from 'vitest';
import { isCacheableShell, isPrivatePath, SHELL_CACHE, SHELL_KEY, shellCachePlugin, warmShell } from './shell';

const ORIGIN = 'https://blotter.example';
const html = (body = '<!doctype html><div id="root"></div>', init: ResponseInit = {}) =>
  new Response(body, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, ...init });
const navigation = (url: string) => new Request(`${ORIGIN}${url}`, { headers: { accept: 'text/html' } });

/** A CacheStorage that records what is put where (the worker's only way to keep anything). */
function recordingCaches() {
  const puts: { cache: string; key: string; body: string }[] = [];
  const storage = {
    open: async (cache: string) => ({
      put: async (key: RequestInfo | URL, response: Response) => {
        puts.push({ cache, key: String(key instanceof Request ? key.url : key), body: await response.text() });
      },
    }),
  } as unknown as CacheStorage;
  return { storage, puts };
}

describe('what the service worker may cache', () => {
  it('never caches an answer of /api, /oidc or /auth-assets, even a 200 HTML page', async () => {
    for (const path of [
      '/api/initData',
      '/api',
      '/api?x=1',
      '/oidc/auth?client_id=blotter-web',
      '/oidc/interaction/abc',
      '/auth-assets/sign-in.css',
    ]) {
      expect(isPrivatePath(`${ORIGIN}${path}`), path).toBe(true);
      expect(isCacheableShell(navigation(path), html()), path).toBe(false);
      expect(await shellCachePlugin.cacheWillUpdate({ request: navigation(path), response: html() }), path).toBeNull();
    }
  });

  it('never caches a navigation that ended, after redirects, on a private path', async () => {
    const response = html();
    Object.defineProperty(response, 'url', { value: `${ORIGIN}/oidc/interaction/xyz` });
    expect(isCacheableShell(navigation('/dashboard'), response)).toBe(false);
  });

  it('keeps a 200 HTML page of the app, whatever its path, under the one shell key', async () => {
    for (const path of ['/', '/dashboard', '/newincident', '/outbox', '/apiary', '/oidcx']) {
      const response = html();
      expect(isPrivatePath(`${ORIGIN}${path}`), path).toBe(false);
      expect(await shellCachePlugin.cacheWillUpdate({ request: navigation(path), response }), path).toBe(response);
    }
    expect(await shellCachePlugin.cacheKeyWillBeUsed()).toBe(SHELL_KEY);
  });

  it('keeps no error page, no redirect and nothing but HTML as the shell', () => {
    const request = navigation('/dashboard');
    expect(isCacheableShell(request, html('Not found', { status: 404 }))).toBe(false);
    expect(isCacheableShell(request, html('Oops', { status: 500 }))).toBe(false);
    expect(isCacheableShell(request, new Response(null, { status: 302, headers: { location: '/' } }))).toBe(false);
    const json = new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    expect(isCacheableShell(request, json)).toBe(false);
  });
});

describe('warming the shell at install', () => {
  it("fetches '/' and keeps it under the shell key", async () => {
    const { storage, puts } = recordingCaches();
    const fetched: string[] = [];
    const fetcher = (async (request: Request) => {
      fetched.push(request.url);
      return html('<script id="blotter-config" type="application/json">{}</script>');
    }) as typeof fetch;
    expect(await warmShell(storage, fetcher, `${ORIGIN}/`)).toBe(true);
    expect(fetched).toEqual([`${ORIGIN}/`]);
    expect(puts).toEqual([
      {
        cache: SHELL_CACHE,
        key: `${ORIGIN}${SHELL_KEY}`,
        body: '<script id="blotter-config" type="application/json">{}</script>',
      },
    ]);
  });

  it('keeps nothing when the answer is not the page, and does not fail the install offline', async () => {
    const { storage, puts } = recordingCaches();
    const error = (async () => html('Unavailable', { status: 503 })) as typeof fetch;
    expect(await warmShell(storage, error, `${ORIGIN}/`)).toBe(false);
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await warmShell(storage, offline, `${ORIGIN}/`)).toBe(false);
    expect(puts).toEqual([]);
  });
});
