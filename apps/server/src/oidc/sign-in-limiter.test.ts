import { describe, expect, it } from 'vitest';
import { SignInLimiter } from './sign-in-limiter';

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
