import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { clientConfig } from '@blotter/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test-app';

const INDEX = `<!doctype html><html><head><title>Blotter</title><!--blotter-config-->
<script type="module" src="/assets/app-1234.js"></script></head><body><div id="root"></div></body></html>`;

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
  await writeFile(path.join(dist, 'assets', 'app-1234.js'), 'console.log("app");');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
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
      });
      const csp = String(response.headers['content-security-policy'] ?? '');
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toMatch(/script-src[^;]*unsafe-inline/);
    }
  });

  it('serves built assets for a year, and a missing asset as 404 rather than the page', async () => {
    const asset = await t.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app");');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.inject({ method: 'GET', url: '/assets/gone-5678.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<div id="root">');
    const icon = await t.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
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
