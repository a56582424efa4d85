import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRONG_CREDENTIALS } from '../src/oidc/interactions';
import { TOO_MANY_ATTEMPTS } from '../src/oidc/sign-in-limiter';
import { httpFetcher, signInThroughProvider } from './oidc-flow';
import { createTestContext, freePort, type TestCompany, type TestContext } from './test-app';

/**
 * Two server processes behind a load balancer share their rate limits, because the counters live
 * in the database: wrong passwords alternated between them are refused after exactly the limit
 * (10), not after 10 on each; a route's limit (sign-up, 10 an hour per address) likewise.
 * On the embedded database both apps use one PGlite; with DATABASE_URL each app opens its own pools
 * on the same PostgreSQL database, as two processes do.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

function twoProcesses(shareEmbedded: boolean) {
  const apps: TestContext[] = [];
  const ports: number[] = [];
  let company: TestCompany;

  beforeAll(async () => {
    const balancer = await freePort();
    // One installation: the same public URL (the balancer's), the same counters.
    const scope = `two-processes-${balancer}`;
    const first = await createTestContext({ port: balancer, rateLimitScope: scope });
    const second = await createTestContext({
      port: balancer,
      rateLimitScope: scope,
      ...(shareEmbedded ? { database: first.database } : {}),
    });
    apps.push(first, second);
    for (const app of apps) {
      const port = await freePort();
      await app.app.listen({ port, host: '127.0.0.1' });
      ports.push(port);
    }
    company = await first.createCompany({ name: 'Two Processes Co' });
  });
  // The one that owns the embedded database closes last.
  afterAll(async () => {
    for (const app of [...apps].reverse()) await app.close();
  });

  /** A whole sign-in (authorization request, form, password) on the process `n`. */
  const signInOn = (n: number, password: string, email = company.admin.email) => {
    const context = apps[n % 2];
    if (!context) throw new Error('no app');
    return signInThroughProvider(httpFetcher(`http://127.0.0.1:${ports[n % 2]}`), {
      publicUrl: context.config.publicUrl,
      clientId: context.config.oidc.clientId,
      email,
      password,
    });
  };

  it('checks no more than 10 of 24 wrong passwords sent all at once to both processes', async () => {
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, n) => signInOn(n, `Wrong!${n}yy`, company.staff.email)),
    );
    const statuses = answers.map((answer) => ('status' in answer ? answer.status : 200));
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(14);
  });

  it('refuses the 11th wrong password in a minute, alternated between the processes', async () => {
    for (let n = 0; n < 10; n++) {
      expect(await signInOn(n, `Wrong!${n}xx`)).toEqual({ loginError: WRONG_CREDENTIALS, status: 401 });
    }
    expect(await signInOn(10, 'Wrong!10xx')).toEqual({ loginError: TOO_MANY_ATTEMPTS, status: 429 });
    // Refused on the other process too, even with the right password.
    expect(await signInOn(11, company.admin.password)).toEqual({ loginError: TOO_MANY_ATTEMPTS, status: 429 });
  });

  it("shares a route's limit: the 11th sign-up from one address in an hour answers 429 on either process", async () => {
    const address = '10.77.0.1';
    // Refused input still counts (the limit comes first), so the test creates no companies.
    const invalid = { email: 'me@gmail.com' };
    for (let n = 0; n < 10; n++) {
      const response = await apps[n % 2]?.inject({
        method: 'POST',
        url: '/api/accounts',
        payload: invalid,
        remoteAddress: address,
      });
      expect(response?.statusCode).toBe(400);
    }
    for (const app of apps) {
      const limited = await app.inject({
        method: 'POST',
        url: '/api/accounts',
        payload: invalid,
        remoteAddress: address,
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many requests. Please wait a moment and try again.',
      });
    }
    // Another address is not limited.
    const other = await apps[0]?.inject({
      method: 'POST',
      url: '/api/accounts',
      payload: invalid,
      remoteAddress: '10.77.0.2',
    });
    expect(other?.statusCode).toBe(400);
  });
}

describe.skipIf(onPostgres)('two server processes on one embedded database (PGlite)', () => {
  twoProcesses(true);
});

describe.skipIf(!onPostgres)(
  'two server processes, each with its own pools, on one PostgreSQL database (skipped: set DATABASE_URL to run)',
  () => {
    twoProcesses(false);
  },
);
