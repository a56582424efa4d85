/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa, injectManifest; served as /sw.js). It caches the
 * build's files and the served index.html so the installed app opens with no network, and
 * nothing else: no answer of /api, /oidc or /auth-assets is ever cached (sw/shell.ts).
 */
import { cacheNames, clientsClaim } from 'workbox-core';
import { addPlugins, cleanupOutdatedCaches, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { OUTBOX_SYNC_TAG } from './lib/offline/sw-messages';
import { notifyOutboxSync } from './sw/outbox-sync';
import { PRIVATE_PATHS, SHELL_CACHE, SHELL_NETWORK_TIMEOUT_SECONDS, shellCachePlugin, warmShell } from './sw/shell';
import { addAssetRoutes, withoutVary } from './sw/static-routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** Background Sync's event (not in TypeScript's WebWorker library). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

// The app has no 'update available' prompt: a new version takes over at once, and the next
// navigation loads its files.
self.skipWaiting();
clientsClaim();

// The build's JavaScript, CSS, fonts and icons (the list is written in at build time, without the
// .br/.gz copies, the source maps and index.html: vite.config.ts).
// Kept without `Vary`, so that the browser's static route below finds them (sw/static-routes.ts).
addPlugins([withoutVary]);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every navigation of the app, network first: online, a person always gets the current page (and
// its configuration); offline, or after a few seconds without an answer, the last page served.
registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: SHELL_CACHE,
      networkTimeoutSeconds: SHELL_NETWORK_TIMEOUT_SECONDS,
      plugins: [shellCachePlugin],
    }),
    { denylist: PRIVATE_PATHS },
  ),
);

self.addEventListener('install', (event) => {
  event.waitUntil(warmShell(caches, fetch, self.registration.scope));
  addAssetRoutes(event, cacheNames.precache);
});

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(notifyOutboxSync(self.clients));
});
