import { describe, expect, it, vi } from 'vitest';
import { addAssetRoutes, assetRoutes, type InstallEventRoutes, withoutVary } from './static-routes';

describe('the static routes of the build files', () => {
  it('asks the browser to read /assets/ from the precache, and waits for it at install', async () => {
    const addRoutes = vi.fn(async () => undefined);
    const waitUntil = vi.fn();
    addAssetRoutes({ addRoutes, waitUntil } satisfies InstallEventRoutes, 'workbox-precache-v2-https://x/');
    expect(addRoutes).toHaveBeenCalledWith([
      { condition: { urlPattern: '/assets/*' }, source: { cacheName: 'workbox-precache-v2-https://x/' } },
    ]);
    expect(waitUntil).toHaveBeenCalledTimes(1);
    expect(assetRoutes('c')).toHaveLength(1);
  });

  it('does nothing in a browser without the API', () => {
    const waitUntil = vi.fn();
    addAssetRoutes({ waitUntil } satisfies InstallEventRoutes, 'c');
    expect(waitUntil).not.toHaveBeenCalled();
  });

  it('keeps a file without its Vary header, with its body, status and other headers', async () => {
    const response = new Response('export const a = 1;', {
      status: 200,
      headers: { vary: 'accept-encoding', 'content-type': 'text/javascript', 'cache-control': 'max-age=31536000' },
    });
    const kept = await withoutVary.cacheWillUpdate({ response });
    expect(kept.headers.has('vary')).toBe(false);
    expect(kept.headers.get('content-type')).toBe('text/javascript');
    expect(kept.headers.get('cache-control')).toBe('max-age=31536000');
    expect(kept.status).toBe(200);
    expect(await kept.text()).toBe('export const a = 1;');
    const plain = new Response('x');
    expect(await withoutVary.cacheWillUpdate({ response: plain })).toBe(plain);
  });
});
