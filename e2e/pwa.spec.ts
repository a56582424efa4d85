import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type APIResponse, chromium, expect, type Page, test } from '@playwright/test';
import { ADMIN, signIn } from './support';

// The service worker is what this file is about (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/**
 * Lighthouse's installability checks written as a test (issue 30): the manifest, its icons, the
 * service worker, and the app's shell opening with no network. One browser context and one sign-in
 * for all of it: the test is kept short for CI.
 */

interface ManifestIcon {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
}

interface Manifest {
  name?: string;
  short_name?: string;
  start_url?: string;
  scope?: string;
  display?: string;
  theme_color?: string;
  background_color?: string;
  icons?: ManifestIcon[];
}

/** Width and height from a PNG's header (its IHDR chunk), or undefined when it is not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(signature)) return undefined;
  if (bytes.subarray(12, 16).toString('latin1') !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function fetchOk(page: Page, url: string): Promise<APIResponse> {
  const response = await page.request.get(url);
  expect(response.status(), url).toBe(200);
  return response;
}

/** Every address kept in the page's Cache Storage, by cache name. */
function cachedUrls(page: Page) {
  return page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      all[name] = (await (await caches.open(name)).keys()).map((request) => request.url);
    }
    return all;
  });
}

/** The app's shell, loaded without the network: the injected configuration, and React's first render. */
async function expectShell(page: Page) {
  await expect(page.locator('script#blotter-config')).toHaveCount(1);
  const config = JSON.parse((await page.locator('script#blotter-config').textContent()) ?? '{}');
  expect(config).toHaveProperty('oidcAuthority');
  // React rendered something into #root (the startup error paragraph is not React's: it has role alert).
  await expect(page.locator('#root > *').first()).toBeVisible();
  await expect(page.locator('#root > p[role="alert"]')).toHaveCount(0);
}

test('the app is installable and its shell opens with no network', async ({ page, context }) => {
  await page.goto('/');

  await test.step('the manifest is linked, served as a manifest, and complete', async () => {
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const response = await fetchOk(page, href ?? '');
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Manifest;
    expect(manifest.name).toBe('Blotter');
    expect(manifest.short_name).toBe('Blotter');
    expect(manifest.display).toBe('standalone');
    const scope = new URL(manifest.scope ?? '/', page.url()).href;
    const start = new URL(manifest.start_url ?? '', page.url()).href;
    expect(start.startsWith(scope), `start_url ${start} within scope ${scope}`).toBe(true);
    expect(manifest.theme_color).toBe(await page.locator('meta[name="theme-color"]').getAttribute('content'));
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

    const icons = manifest.icons ?? [];
    const purposes = (icon: ManifestIcon) => (icon.purpose ?? 'any').split(/\s+/);
    const sizesSeen = new Set<string>();
    for (const icon of icons) {
      const bytes = await (await fetchOk(page, new URL(icon.src, page.url()).href)).body();
      const size = pngSize(bytes);
      expect(icon.type, icon.src).toBe('image/png');
      expect(size, `${icon.src} is a PNG`).toBeDefined();
      expect(`${size?.width}x${size?.height}`, `${icon.src}: the declared size is its real size`).toBe(icon.sizes);
      if (purposes(icon).includes('any')) sizesSeen.add(icon.sizes);
    }
    expect([...sizesSeen]).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(icons.some((icon) => purposes(icon).includes('maskable'))).toBe(true);

    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    const touch = pngSize(await (await fetchOk(page, new URL(touchIcon ?? '', page.url()).href)).body());
    expect(touch).toEqual({ width: 180, height: 180 });
  });

  await test.step('the service worker registers and activates', async () => {
    // ready answers once a worker is active, possibly still 'activating'.
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state))
      .toBe('activated');
  });

  await test.step("Chromium's own verdict: no installability errors", async () => {
    // A test's context is off the record, which Chromium reports as the one error 'in-incognito'
    // (no app is installed from there): its verdict is asked of a profile on disk.
    const profile = await mkdtemp(path.join(os.tmpdir(), 'blotter-pwa-profile-'));
    const persistent = await chromium.launchPersistentContext(profile, {
      ...test.info().project.use.launchOptions,
      baseURL: test.info().project.use.baseURL,
    });
    try {
      const installed = persistent.pages()[0] ?? (await persistent.newPage());
      await installed.goto('/');
      await expect
        .poll(() => installed.evaluate(async () => (await navigator.serviceWorker.ready).active?.state))
        .toBe('activated');
      const cdp = await persistent.newCDPSession(installed);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await persistent.close();
      await rm(profile, { recursive: true, force: true });
    }
  });

  await test.step('signed in, the service worker controls the page after a reload', async () => {
    await signIn(page, ADMIN);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
  });

  await test.step('offline, /newincident and /dashboard still open the app', async () => {
    await context.setOffline(true);
    try {
      // The worker itself has no network (a test that passed through to the server proves nothing).
      const [worker] = context.serviceWorkers();
      expect(worker).toBeDefined();
      const workerOnline = await worker?.evaluate(() =>
        fetch('/api/health', { cache: 'no-store' }).then(
          () => true,
          () => false,
        ),
      );
      expect(workerOnline).toBe(false);
      for (const path of ['/newincident', '/dashboard']) {
        await page.goto(path);
        await page.reload();
        expect(new URL(page.url()).pathname).toBe(path);
        await expectShell(page);
        // The signed-in shell: this tab's session and the menu, from the phone alone.
        await expect(
          page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New Incident' }),
        ).toBeVisible();
      }
    } finally {
      await context.setOffline(false);
    }
  });

  await test.step('no answer of the API or the identity provider is in any cache', async () => {
    const cached = await cachedUrls(page);
    const urls = Object.values(cached).flat();
    // The precache and the shell are there: the check below looks at real caches.
    expect(urls.some((url) => /\/assets\/.+\.js/.test(url))).toBe(true);
    expect(urls.some((url) => url.endsWith('/__shell'))).toBe(true);
    expect(urls.filter((url) => /\/(api|oidc|auth-assets)(\/|$|\?)/.test(new URL(url).pathname))).toEqual([]);
  });
});
