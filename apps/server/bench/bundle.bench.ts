import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from '@playwright/test';
import { DEMO_ADMIN_EMAIL } from '../src/db/seed/demo';
import { startServer, tempDataDir } from './server-process';
import type { BenchResult } from './stats';

const BUDGET_BYTES = 250 * 1024;
/** Everything the browser receives, headers included, from opening the sign-in page to the dashboard. */
const WIRE_BUDGET_BYTES = 300 * 1024;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Fills the sign-in page already open in `page` as the demo administrator and waits for the dashboard. */
export async function signIn(page: Page, url: string) {
  await page.getByLabel('Email').fill(DEMO_ADMIN_EMAIL);
  await page.getByLabel('Password').fill(process.env.DEMO_PASSWORD ?? 'Demo!2345');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${url}/dashboard`);
  await page.getByText('Open Incidents').first().waitFor();
  await page.waitForLoadState('networkidle');
}

/**
 * The JavaScript a first visit downloads for the landing page and then the dashboard (after
 * signing in), gzip-compressed, measured in a real browser: budget at most 250 KB.
 */
async function javaScriptSize(browser: Browser, url: string): Promise<BenchResult> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => undefined);
    if (body) scripts.set(response.url(), gzipSync(body).length);
  });
  await page.goto(url);
  await page.getByText('Incident management service for your business.').waitFor();
  await page.waitForLoadState('networkidle');
  const landing = [...scripts.values()].reduce((a, b) => a + b, 0);
  await page.goto(`${url}/login`);
  await signIn(page, url);
  const total = [...scripts.values()].reduce((a, b) => a + b, 0);
  await context.close();
  return {
    name: 'JavaScript for the landing page and the dashboard (gzip, first load)',
    budget: `at most ${kb(BUDGET_BYTES)}`,
    figure: `${kb(total)} in ${scripts.size} files (landing page alone ${kb(landing)})`,
    pass: total <= BUDGET_BYTES,
  };
}

interface Wire {
  /** Bytes received, headers and (encoded) bodies, as Chromium counts them. */
  total: number;
  /** Of which the encoded bodies. */
  bodies: number;
  /** Answers that came over the network, and those of them with a Content-Encoding. */
  responses: number;
  compressed: number;
}

/**
 * Bytes over the wire for a first visit (empty cache) to the sign-in page, then on to the
 * dashboard after signing in, counted by Chromium (DevTools protocol: encodedDataLength).
 * acceptEncoding 'identity' stands for a server that does not compress.
 */
async function wireBytes(browser: Browser, url: string, acceptEncoding?: 'identity') {
  const context = await browser.newContext(
    acceptEncoding ? { extraHTTPHeaders: { 'accept-encoding': acceptEncoding } } : {},
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const wire: Wire = { total: 0, bodies: 0, responses: 0, compressed: 0 };
  const encoded = (headers: Record<string, string>) =>
    Object.keys(headers).some((name) => name.toLowerCase() === 'content-encoding');
  const count = (bytes: number, compressed: boolean) => {
    // A file loaded again after the sign-in's redirects comes from the cache: nothing on the wire.
    if (bytes === 0) return;
    wire.total += bytes;
    wire.responses += 1;
    if (compressed) wire.compressed += 1;
  };
  const compressedById = new Map<string, boolean>();
  cdp.on('Network.responseReceived', (event) => compressedById.set(event.requestId, encoded(event.response.headers)));
  cdp.on('Network.requestWillBeSent', (event) => {
    // A redirect's answer has no loadingFinished of its own.
    if (event.redirectResponse)
      count(event.redirectResponse.encodedDataLength, encoded(event.redirectResponse.headers));
  });
  cdp.on('Network.dataReceived', (event) => {
    wire.bodies += event.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    count(event.encodedDataLength, compressedById.get(event.requestId) ?? false);
  });
  await cdp.send('Network.enable');
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').waitFor();
  await page.waitForLoadState('networkidle');
  const signInPage = { ...wire };
  await signIn(page, url);
  const dashboard = { ...wire };
  await context.close();
  return { signInPage, dashboard };
}

const wireFigure = (w: Wire) =>
  `${kb(w.total)} (bodies ${kb(w.bodies)}; ${w.compressed} of ${w.responses} answers compressed)`;

/** The budgets of the first load: the JavaScript's size and the bytes over the wire. */
export async function benchBundle(): Promise<BenchResult[]> {
  const server = await startServer(await tempDataDir());
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
  });
  try {
    const javaScript = await javaScriptSize(browser, server.url);
    const compressed = await wireBytes(browser, server.url);
    const identity = await wireBytes(browser, server.url, 'identity');
    return [
      javaScript,
      {
        name: 'Bytes over the wire, first load of the sign-in page, then to the dashboard after sign-in',
        budget: `at most ${kb(WIRE_BUDGET_BYTES)} to the dashboard`,
        figure: [
          `sign-in page ${wireFigure(compressed.signInPage)}`,
          `to the dashboard ${wireFigure(compressed.dashboard)}`,
          `without compression (Accept-Encoding: identity): sign-in page ${kb(identity.signInPage.total)}, to the dashboard ${kb(identity.dashboard.total)}`,
        ].join('\n      '),
        pass: compressed.dashboard.total <= WIRE_BUDGET_BYTES,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
