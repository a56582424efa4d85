import { describe, expect, it } from 'vitest';
import { countdownRemaining, idleSeconds } from './idle-countdown';

describe('countdownRemaining', () => {
  const start = 1_000_000;

  it('starts at 30 seconds and counts whole seconds down', () => {
    expect(countdownRemaining(start, start)).toBe(30);
    expect(countdownRemaining(start, start + 999)).toBe(30);
    expect(countdownRemaining(start, start + 1000)).toBe(29);
    expect(countdownRemaining(start, start + 29_500)).toBe(1);
  });

  it('stops at zero', () => {
    expect(countdownRemaining(start, start + 30_000)).toBe(0);
    expect(countdownRemaining(start, start + 120_000)).toBe(0);
  });

  it('does not go above the total when the clock goes back', () => {
    expect(countdownRemaining(start, start - 5000)).toBe(30);
  });
});

describe('idleSeconds', () => {
  it('prefers the company setting, then the session value, then 900', () => {
    expect(idleSeconds(600, 20)).toBe(600);
    expect(idleSeconds(undefined, 20)).toBe(20);
    expect(idleSeconds(undefined, undefined)).toBe(900);
    expect(idleSeconds(0, undefined)).toBe(900);
  });
});
