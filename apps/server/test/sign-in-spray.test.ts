import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_FROM_ADDRESS } from '../src/oidc/sign-in-limiter';
import { type Fetcher, httpFetcher, signInThroughProvider } from './oidc-flow';
import { createTestContext, freePort, type TestCompany, type TestContext, type TestUser } from './test-app';

const WRONG_CREDENTIALS = 'Incorrect email or password.';

let t: TestContext;
let http: Fetcher;
let company: TestCompany;
const lines: string[] = [];

const signIn = (user: Pick<TestUser, 'email' | 'password'>) =>
  signInThroughProvider(http, {
    publicUrl: t.config.publicUrl,
    clientId: t.config.oidc.clientId,
    email: user.email,
    password: user.password,
  });

beforeAll(async () => {
  const port = await freePort();
  // The limit per address is 30 (sign-in-limiter.test.ts); 6 here keeps the argon2 checks few.
  t = await createTestContext({
    port,
    config: { logLevel: 'info' },
    logStream: { write: (line) => lines.push(line) },
    signInLimits: { perAccount: { max: 10, windowMs: 60_000 }, perAddress: { max: 6, windowMs: 10 * 60_000 } },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  http = httpFetcher(t.config.publicUrl);
  company = await t.createCompany({ name: 'Spray Co', concurrentUserCount: 50 });
});
afterAll(() => t.close());

describe('one password tried on many accounts from one address', () => {
  it('is refused with 429 after the limit of failed sign-ins across emails, even for a right password', async () => {
    // A successful sign-in in between does not clear the count.
    expect('accessToken' in (await signIn(company.admin))).toBe(true);
    const spray = (from: number) =>
      Promise.all(
        Array.from({ length: 3 }, (_, i) =>
          signIn({ email: `victim-${from + i}@spray.example`, password: 'Summer2026!' }),
        ),
      );
    expect(await spray(1)).toEqual(Array(3).fill({ loginError: WRONG_CREDENTIALS, status: 401 }));
    expect('accessToken' in (await signIn(company.admin))).toBe(true);
    expect(await spray(4)).toEqual(Array(3).fill({ loginError: WRONG_CREDENTIALS, status: 401 }));
    expect(await signIn({ email: 'victim-7@spray.example', password: 'Summer2026!' })).toEqual({
      loginError: TOO_MANY_FROM_ADDRESS,
      status: 429,
    });
    expect(await signIn(company.staff)).toEqual({ loginError: TOO_MANY_FROM_ADDRESS, status: 429 });
    // The refusals are logged, without the emails typed (often a password typed in the wrong field).
    const refused = lines.filter((line) => line.includes('sign-in refused'));
    expect(refused).toHaveLength(6);
    expect(lines.join('')).not.toContain('spray.example');
  });
});
