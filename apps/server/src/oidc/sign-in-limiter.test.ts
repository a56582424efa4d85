import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { SignInGuard, TOO_MANY_ATTEMPTS, TOO_MANY_FROM_ADDRESS } from './sign-in-limiter';

// The guard counts in the database (rate_limit_counters); each test takes its own addresses.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const guard = () => new SignInGuard(t.app.rateCounters);

describe('SignInGuard', () => {
  it('refuses an address after 30 failures across emails within 10 minutes, whatever the email', async () => {
    const g = guard();
    const start = Date.now();
    for (let i = 0; i < 30; i++) {
      expect(await g.attempt('10.0.0.1', `user${i}@x.example`, start + i * 1000)).toBeUndefined();
    }
    expect(await g.attempt('10.0.0.1', 'someone-else@x.example', start + 31_000)).toBe(TOO_MANY_FROM_ADDRESS);
    expect(await g.attempt('10.0.0.2', 'someone-else@x.example', start + 31_000)).toBeUndefined();
    // The window started at the first failure: 10 minutes later the address may try again.
    expect(await g.attempt('10.0.0.1', 'someone-else@x.example', start + 10 * MINUTE)).toBeUndefined();
  });

  it('is not cleared by a successful sign-in from the address, which is not counted against it', async () => {
    const g = guard();
    const now = Date.now();
    for (let i = 0; i < 29; i++) await g.attempt('10.0.1.1', `user${i}@x.example`, now);
    // Right passwords from the office do not use up its failures.
    for (let i = 0; i < 5; i++) {
      expect(await g.attempt('10.0.1.1', 'attacker@x.example', now)).toBeUndefined();
      await g.succeed('10.0.1.1', 'attacker@x.example');
    }
    expect(await g.attempt('10.0.1.1', 'user1@x.example', now + 1000)).toBeUndefined();
    expect(await g.attempt('10.0.1.1', 'user2@x.example', now + 1000)).toBe(TOO_MANY_FROM_ADDRESS);
  });

  it('refuses one email after 10 failures within a minute, lets other emails through, and forgets them on success', async () => {
    const g = guard();
    const now = Date.now();
    for (let i = 0; i < 10; i++) expect(await g.attempt('10.0.2.1', 'Ann@x.example', now + i)).toBeUndefined();
    expect(await g.attempt('10.0.2.1', 'ann@x.example', now + 1000)).toBe(TOO_MANY_ATTEMPTS);
    expect(await g.attempt('10.0.2.1', 'bob@x.example', now + 1000)).toBeUndefined();
    expect(await g.attempt('10.0.2.1', 'ann@x.example', now + MINUTE)).toBeUndefined();
    // A successful sign-in clears the email's failures.
    for (let i = 0; i < 10; i++) await g.attempt('10.0.2.2', 'cy@x.example', now);
    await g.succeed('10.0.2.2', 'cy@x.example');
    for (let i = 0; i < 10; i++) expect(await g.attempt('10.0.2.2', 'cy@x.example', now + 1)).toBeUndefined();
  });

  it('counts the attempts of every guard on the database together (two server processes)', async () => {
    const [a, b] = [guard(), guard()];
    const now = Date.now();
    for (let i = 0; i < 10; i++) await (i % 2 ? a : b).attempt('10.0.3.1', 'dee@x.example', now + i);
    expect(await a.attempt('10.0.3.1', 'dee@x.example', now + 20)).toBe(TOO_MANY_ATTEMPTS);
    expect(await b.attempt('10.0.3.1', 'dee@x.example', now + 20)).toBe(TOO_MANY_ATTEMPTS);
  });

  it('lets no more than the limit through when the attempts come all at once', async () => {
    const [a, b] = [guard(), guard()];
    const now = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => (i % 2 ? a : b).attempt('10.0.4.1', 'eve@x.example', now)),
    );
    expect(answers.filter((answer) => answer === undefined)).toHaveLength(10);
    expect(answers.filter((answer) => answer === TOO_MANY_ATTEMPTS)).toHaveLength(14);
  });
});
