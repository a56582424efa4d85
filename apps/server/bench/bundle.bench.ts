import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { DEMO_ADMIN_EMAIL } from '../src/db/seed/demo';
import { startServer, tempDataDir } from './server-process';
import type { BenchResult } from './stats';

const BUDGET_BYTES = 250 * 1024;

/**
 * The JavaScript a first visit downloads for the landing page and then the dashboard (after
 * signing in), gzip-compressed, measured in a real browser: budget at most 250 KB.
 */
export async function benchBundle(): Promise<BenchResult> {
  const server = await startServer(await tempDataDir());
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => undefined);
      if (body) scripts.set(response.url(), gzipSync(body).length);
    });
    await page.goto(server.url);
    await page.getByText('Incident management service for your business.').waitFor();
    await page.waitForLoadState('networkidle');
    const landing = [...scripts.values()].reduce((a, b) => a + b, 0);
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(DEMO_ADMIN_EMAIL);
    await page.getByLabel('Password').fill(process.env.DEMO_PASSWORD ?? 'Demo!2345');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Open Incidents').first().waitFor();
    await page.waitForLoadState('networkidle');
    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    return {
      name: 'JavaScript for the landing page and the dashboard (gzip, first load)',
      budget: `at most ${kb(BUDGET_BYTES)}`,
      figure: `${kb(total)} in ${scripts.size} files (landing page alone ${kb(landing)})`,
      pass: total <= BUDGET_BYTES,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
