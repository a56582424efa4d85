import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { clientConfig } from '@blotter/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test-app';

const INDEX = `<!doctype html><html><head><title>Blotter</title><!--blotter-config-->
<script type="module" src="/assets/app-1234.js"></script></head><body><div id="root"></div></body></html>`;

// Big enough to be worth compressing; the build's .br and .gz of it are made at other levels than
// the server's own (per-request) ones, so the tests can tell a prebuilt file from one compressed on the fly.
const APP_JS = Array.from({ length: 300 }, (_, i) => `console.log("app", ${i});`).join('\n');
const APP_JS_BR = brotliCompressSync(APP_JS, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
const APP_JS_GZ = gzipSync(APP_JS, { level: 1 });

const SW_JS = 'self.addEventListener("fetch", () => {});';
const MANIFEST = JSON.stringify({ name: 'Blotter', start_url: '/dashboard', display: 'standalone' });

let t: TestContext;
let dist: string;

/** The configuration block injected into index.html, parsed. */
function injectedConfig(html: string) {
  const json = /<script id="blotter-config" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];
  return json ? clientConfig.parse(JSON.parse(json)) : undefined;
}

beforeAll(async () => {
  // A small stand-in for the web build, so these tests do not depend on apps/web being built.
  dist = await mkdtemp(path.join(os.tmpdir(), 'blotter-web-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'assets', 'app-1234.js'), APP_JS);
  await writeFile(path.join(dist, 'assets', 'app-1234.js.br'), APP_JS_BR);
  await writeFile(path.join(dist, 'assets', 'app-1234.js.gz'), APP_JS_GZ);
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(dist, 'sw.js'), SW_JS);
  await writeFile(path.join(dist, 'sw.js.br'), brotliCompressSync(SW_JS));
  await writeFile(path.join(dist, 'manifest.webmanifest'), MANIFEST);
  t = await createTestContext({ config: { webDistDir: dist } });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

describe('GET /api/config', () => {
  it('answers the client configuration without a sign-in', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      environment: 'local',
      oidcAuthority: t.config.oidc.issuer,
      oidcClientId: t.config.oidc.clientId,
      oidcScope: 'openid profile email api',
      helpCenterUrl: t.config.helpCenterUrl,
      productSiteUrl: t.config.productSiteUrl,
      version: t.config.version,
      payments: { provider: 'offline', stripePublishableKey: null, testCardNumber: '4242 4242 4242 4242' },
      demoRestore: true,
    });
    expect(t.config.oidc.issuer).toBe(`${t.config.publicUrl}/oidc`);
  });
});

describe('the single-page app', () => {
  it('serves index.html with the configuration injected for the landing page /', async () => {
    const response = await t.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(injectedConfig(response.body)?.oidcAuthority).toBe(t.config.oidc.issuer);
  });

  it('serves index.html for any app path, never cached, with the configuration injected', async () => {
    for (const url of ['/dashboard', '/errors/pending', '/newincident?x=1', '/index.html']) {
      const response = await t.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).not.toContain('<!--blotter-config-->');
      expect(injectedConfig(response.body), url).toEqual({
        environment: 'local',
        oidcAuthority: t.config.oidc.issuer,
        oidcClientId: t.config.oidc.clientId,
        oidcScope: 'openid profile email api',
        helpCenterUrl: t.config.helpCenterUrl,
        productSiteUrl: t.config.productSiteUrl,
        version: t.config.version,
        payments: { provider: 'offline', stripePublishableKey: null, testCardNumber: '4242 4242 4242 4242' },
        demoRestore: true,
      });
      const csp = String(response.headers['content-security-policy'] ?? '');
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toMatch(/script-src[^;]*unsafe-inline/);
    }
  });

  it('serves built assets for a year, and a missing asset as 404 rather than the page', async () => {
    const asset = await t.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe(APP_JS);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.inject({ method: 'GET', url: '/assets/gone-5678.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<div id="root">');
    const icon = await t.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control'], 'an unhashed file').toBe('no-cache');
  });

  it('keeps the API answering JSON: an unknown API path is a 404 JSON, not the page', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'There is no API call GET /api/nothing-here.' });
  });

  it('does not answer the page to other methods', async () => {
    const response = await t.inject({ method: 'POST', url: '/dashboard' });
    expect(response.statusCode).toBe(404);
  });
});

describe('the installable app', () => {
  it('serves the service worker revalidated on every check, allowed to control the whole site', async () => {
    const response = await t.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SW_JS);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['service-worker-allowed']).toBe('/');
    const encoded = await t.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(encoded.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(encoded.rawPayload).toString()).toBe(SW_JS);
    expect(encoded.headers['cache-control']).toBe('no-cache');
    expect(encoded.headers['service-worker-allowed']).toBe('/');
    // Only the worker gets the header.
    const icon = await t.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['service-worker-allowed']).toBeUndefined();
  });

  it('serves the manifest as application/manifest+json, revalidated on every use', async () => {
    const response = await t.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toMatchObject({ name: 'Blotter', display: 'standalone' });
  });

  it("lets the page's CSP load the worker and the manifest from this origin only", async () => {
    const page = await t.inject({ method: 'GET', url: '/dashboard' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/(^|;)\s*worker-src 'self'(;|$)/);
    expect(csp).toMatch(/(^|;)\s*manifest-src 'self'(;|$)/);
  });
});

describe('compression', () => {
  const decoders = { br: brotliDecompressSync, gzip: gunzipSync };

  /** GET url accepting acceptEncoding: a 200 encoded with encoding that varies on Accept-Encoding. */
  async function getEncoded(url: string, acceptEncoding: string, encoding: 'br' | 'gzip') {
    const response = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
    const what = `${url} (${acceptEncoding})`;
    expect(response.statusCode, what).toBe(200);
    expect(response.headers['content-encoding'], what).toBe(encoding);
    expect(response.headers.vary, what).toMatch(/accept-encoding/i);
    return { response, what, decoded: decoders[encoding](response.rawPayload).toString() };
  }

  it('sends the prebuilt .br or .gz of a built file as the client accepts, and the file itself otherwise', async () => {
    // The prebuilt files are not what the server would make itself: they are sent as they are.
    expect(APP_JS_BR.equals(brotliCompressSync(APP_JS))).toBe(false);
    expect(APP_JS_GZ.equals(gzipSync(APP_JS))).toBe(false);
    for (const [acceptEncoding, encoding, bytes] of [
      ['gzip, deflate, br, zstd', 'br', APP_JS_BR],
      ['br', 'br', APP_JS_BR],
      ['gzip, deflate', 'gzip', APP_JS_GZ],
    ] as const) {
      const { response, what, decoded } = await getEncoded('/assets/app-1234.js', acceptEncoding, encoding);
      expect(response.headers['content-type'], what).toMatch(/javascript/);
      expect(response.headers['cache-control'], what).toBe('public, max-age=31536000, immutable');
      expect(response.rawPayload.equals(bytes), what).toBe(true);
      expect(decoded, what).toBe(APP_JS);
    }
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const plain = await t.inject({ method: 'GET', url: '/assets/app-1234.js', headers });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(APP_JS);
    }
  });

  it('compresses index.html with the configuration injected, never cached, keeping its security headers', async () => {
    const plain = await t.inject({ method: 'GET', url: '/dashboard' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(injectedConfig(plain.body)?.version).toBe(t.config.version);
    for (const url of ['/', '/dashboard']) {
      for (const encoding of ['br', 'gzip'] as const) {
        const { response, what, decoded } = await getEncoded(url, encoding, encoding);
        expect(response.headers['content-type'], what).toMatch(/^text\/html/);
        expect(response.headers['cache-control'], what).toBe('no-cache');
        expect(response.headers['content-security-policy'], what).toContain("script-src 'self'");
        expect(decoded, what).toBe(plain.body);
      }
    }
  });

  it('compresses API JSON over the threshold as the client accepts, and leaves small answers alone', async () => {
    const plain = await t.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(10_000);
    for (const [acceptEncoding, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip;q=1', 'gzip'],
    ] as const) {
      const { response, what, decoded } = await getEncoded('/api/openapi.json', acceptEncoding, encoding);
      expect(response.headers['content-type'], what).toMatch(/^application\/json/);
      expect(response.headers['x-content-type-options'], what).toBe('nosniff');
      expect(response.rawPayload.length, what).toBeLessThan(plain.rawPayload.length / 4);
      expect(JSON.parse(decoded), what).toEqual(plain.json());
    }
    // The configuration is a few hundred bytes: below the threshold, sent as it is.
    const small = await t.inject({ method: 'GET', url: '/api/config', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json<{ version: string }>().version).toBe(t.config.version);
  });
});

describe('the content security policy with Stripe configured', () => {
  it("lets Stripe Elements' script, frames and API through only when Stripe is configured", async () => {
    const plain = String(
      (await t.inject({ method: 'GET', url: '/administration' })).headers['content-security-policy'],
    );
    expect(plain).not.toContain('stripe.com');
    const stripe = { secretKey: 'sk_test_x', publishableKey: 'pk_test_x' };
    const withStripe = await createTestContext({
      config: { webDistDir: dist, payments: { ...t.config.payments, stripe } },
    });
    try {
      const page = await withStripe.inject({ method: 'GET', url: '/administration' });
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://js.stripe.com");
      expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com/);
      expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
      expect(injectedConfig(page.body)).toMatchObject({
        payments: { provider: 'stripe', stripePublishableKey: 'pk_test_x' },
      });
    } finally {
      await withStripe.close();
    }
  });
});
