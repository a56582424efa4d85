import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium (apt-get install -y chromium); Playwright never downloads a browser here.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const required = process.env.REQUIRE_E2E === '1';
const available = existsSync(CHROMIUM);
if (!available && required) {
  throw new Error(`REQUIRE_E2E=1 but ${CHROMIUM} is missing: apt-get install -y chromium`);
}
if (!available) {
  process.stderr.write(`Skipping the browser tests: ${CHROMIUM} is missing (apt-get install -y chromium).\n`);
}

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;
// Each run starts the app on a fresh data folder (a new database with the demo company).
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'blotter-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

const launchOptions = {
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  ...(available ? {} : { testIgnore: '**/*' }),
  fullyParallel: false,
  // The journeys share one demo company and compare dashboard counts: one at a time.
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : 'list',
  // The service worker (issue 30) only where a test is about it (test.use({ serviceWorkers: 'allow' })):
  // elsewhere each new context would download the whole precache beside the journey.
  use: { baseURL, trace: 'retain-on-failure', screenshot: 'only-on-failure', launchOptions, serviceWorkers: 'block' },
  projects: [
    {
      // The subscription journey's company signs up first: the other journeys fill its short trial
      // (TRIAL_DAYS below), and the 'subscription' project, which depends on this one, runs last.
      name: 'trial-signup',
      testMatch: '**/subscription.setup.ts',
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
    {
      name: 'desktop',
      testIgnore: ['**/*.phone.spec.ts', '**/subscription.spec.ts'],
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
    {
      name: 'phone',
      testMatch: '**/*.phone.spec.ts',
      use: { ...devices['Pixel 7'], launchOptions },
    },
    {
      // Alone: npx playwright test --project=subscription (signs up, then waits for the trial's end).
      name: 'subscription',
      testMatch: '**/subscription.spec.ts',
      dependencies: ['trial-signup'],
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
  ],
  webServer: {
    // The app with a real SMTP server for its mail (e2e/mailbox.ts reads what it received).
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      APP_ENV: 'test',
      // A signed-up trial (30 days) is inside the warning window at once, and the trial job runs
      // every few seconds, so the sign-up journey sees its banner (e2e/signup.spec.ts).
      TRIAL_WARNING_DAYS: '31',
      TRIAL_CHECK_INTERVAL_SECONDS: '2',
      // The demo staff user is a system administrator (e2e/site-admin.spec.ts: Sync Quickbook Online).
      SYSTEM_ADMIN_EMAILS: 'staff@demo.example',
      // Sign-ups get a trial of about 3.6 minutes (0.0025 days = 216 s): long enough for the sign-up
      // journey to see it expiring on a loaded machine, short enough for the subscription journey
      // (e2e/subscription.spec.ts, its company signed up at the start of the run) to start from a
      // trial the trial job has ended.
      TRIAL_DAYS: '0.0025',
      PROMOTION_CODES: 'LAUNCH20=20',
      // The webhook journey's HTTPS receiver has a self-signed certificate, made by the test itself
      // and written here before it adds the endpoint (the server reads the file at each delivery).
      WEBHOOKS_CA_FILE: path.join(dataDir, 'webhook-receiver-ca.pem'),
      TAX_PERCENT: '5',
    },
  },
});
