import { describe, expect, it } from 'vitest';
import { SignInGuard, SignInLimiter, TOO_MANY_ATTEMPTS, TOO_MANY_FROM_ADDRESS } from './sign-in-limiter';

describe('SignInLimiter', () => {
  it('blocks after the maximum of failures within the window, then lets the window pass', () => {
    const limiter = new SignInLimiter(3, 60_000);
    for (let i = 0; i < 3; i++) {
      expect(limiter.blocked('ip|a@x', 1000 + i)).toBe(false);
      limiter.fail('ip|a@x', 1000 + i);
    }
    expect(limiter.blocked('ip|a@x', 2000)).toBe(true);
    expect(limiter.blocked('ip|b@x', 2000)).toBe(false);
    expect(limiter.blocked('ip|a@x', 1000 + 60_000 + 3)).toBe(false);
  });

  it('forgets failures after a successful sign-in', () => {
    const limiter = new SignInLimiter(2, 60_000);
    limiter.fail('k', 1);
    limiter.fail('k', 2);
    expect(limiter.blocked('k', 3)).toBe(true);
    limiter.succeed('k');
    expect(limiter.blocked('k', 4)).toBe(false);
  });

  it('keeps at most maxKeys addresses in memory', () => {
    const limiter = new SignInLimiter(1, 60_000, 2);
    limiter.fail('a', 1);
    limiter.fail('b', 1);
    limiter.fail('c', 1);
    expect(limiter.blocked('a', 2)).toBe(false);
    expect(limiter.blocked('c', 2)).toBe(true);
  });
});

describe('SignInGuard', () => {
  const MINUTE = 60_000;

  it('refuses an address after 30 failures across emails within 10 minutes, whatever the email', () => {
    const guard = new SignInGuard();
    for (let i = 0; i < 30; i++) {
      expect(guard.refusal('10.0.0.1', `user${i}@x.example`, i * 1000)).toBeUndefined();
      guard.fail('10.0.0.1', `user${i}@x.example`, i * 1000);
    }
    expect(guard.refusal('10.0.0.1', 'someone-else@x.example', 31_000)).toBe(TOO_MANY_FROM_ADDRESS);
    expect(guard.refusal('10.0.0.2', 'someone-else@x.example', 31_000)).toBeUndefined();
    // The oldest failure leaves the 10-minute window: one more attempt is allowed.
    expect(guard.refusal('10.0.0.1', 'someone-else@x.example', 10 * MINUTE)).toBeUndefined();
  });

  it('is not cleared by a successful sign-in from the address', () => {
    const guard = new SignInGuard();
    for (let i = 0; i < 30; i++) guard.fail('10.0.0.1', `user${i}@x.example`, 1000);
    guard.succeed('10.0.0.1', 'attacker@x.example');
    expect(guard.refusal('10.0.0.1', 'user1@x.example', 2000)).toBe(TOO_MANY_FROM_ADDRESS);
  });

  it('still refuses one email after 10 failures within a minute, and lets other emails through', () => {
    const guard = new SignInGuard();
    for (let i = 0; i < 10; i++) guard.fail('10.0.0.1', 'Ann@x.example', 1000 + i);
    expect(guard.refusal('10.0.0.1', 'ann@x.example', 2000)).toBe(TOO_MANY_ATTEMPTS);
    expect(guard.refusal('10.0.0.1', 'bob@x.example', 2000)).toBeUndefined();
    expect(guard.refusal('10.0.0.1', 'ann@x.example', 2000 + MINUTE)).toBeUndefined();
  });
});
