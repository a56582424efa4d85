import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { loadRateLimitKey, RateCounters } from './rate-limit-store';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const storedKeys = async () => {
  const result = (await t.database.db.execute(sql`select key from rate_limit_counters`)) as unknown as {
    rows: { key: string }[];
  };
  return result.rows.map((row) => row.key);
};

describe('RateCounters', () => {
  it('counts hits within a window that starts at the first hit, then starts again', async () => {
    const counters = t.app.rateCounters;
    const key = counters.key('test-window', '192.0.2.1');
    const start = Date.now();
    expect(await counters.hit(key, 60_000, start)).toEqual({ count: 1, ttlMs: 60_000 });
    expect(await counters.hit(key, 60_000, start + 1000)).toEqual({ count: 2, ttlMs: 59_000 });
    expect(await counters.counts([key, counters.key('test-window', '192.0.2.2')], start + 2000)).toEqual([2, 0]);
    // The window ended: the count starts again from this hit.
    expect(await counters.hit(key, 60_000, start + 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
    await counters.clear(key);
    expect(await counters.counts([key], start + 60_001)).toEqual([0]);
  });

  it('stores keyed hashes, never the address or email counted', async () => {
    const counters = t.app.rateCounters;
    await counters.hit(counters.key('test-private', '198.51.100.7', 'ann@x.example'), 60_000);
    const keys = await storedKeys();
    expect(keys.join(' ')).not.toMatch(/198\.51|ann@|test-private/);
    // Another installation's key (or another scope) names another counter.
    const other = new RateCounters(t.database, Buffer.alloc(32, 1));
    expect(other.key('test-private', '198.51.100.7', 'ann@x.example')).not.toBe(
      counters.key('test-private', '198.51.100.7', 'ann@x.example'),
    );
  });

  it('shares one installation key between processes, made once', async () => {
    const [a, b] = await Promise.all([loadRateLimitKey(t.database), loadRateLimitKey(t.database)]);
    expect(a.equals(b)).toBe(true);
    expect(a.length).toBe(32);
  });

  it('sweeps away ended windows only', async () => {
    const counters = t.app.rateCounters;
    const now = Date.now();
    const ended = counters.key('test-sweep', 'ended');
    const running = counters.key('test-sweep', 'running');
    await counters.hit(ended, 1000, now - 5000);
    await counters.hit(running, 60_000, now);
    expect(await t.app.rateLimitSweeper.sweep()).toBeGreaterThanOrEqual(1);
    const keys = await storedKeys();
    expect(keys).not.toContain(ended);
    expect(keys).toContain(running);
  });
});
