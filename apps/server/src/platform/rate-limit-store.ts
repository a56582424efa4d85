import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { systemState } from '../db/schema/index';
import type { SweepDefinition } from './sweeper';

/** One counted thing: its key (already hashed, see RateCounters.key) and the length of its window. */
export interface CounterHit {
  key: string;
  windowMs: number;
}

/** A counter after a hit: how many hits in its window, and how long the window still runs. */
export interface CounterState {
  count: number;
  ttlMs: number;
}

const KEY_STATE = 'rate_limit_key';

/**
 * The HMAC key of the counters' keys, made on first start. It lives in the database (system_state,
 * which the application role cannot read) so every process hashes alike.
 */
export async function loadRateLimitKey(database: Database): Promise<Buffer> {
  const read = async () => {
    const [row] = await database.system((tx) =>
      tx.select().from(systemState).where(eq(systemState.key, KEY_STATE)).limit(1),
    );
    return row ? Buffer.from((row.value as { key: string }).key, 'base64url') : undefined;
  };
  const existing = await read();
  if (existing) return existing;
  const key = randomBytes(32).toString('base64url');
  // Two processes starting together: the first insert wins and both use what is stored.
  await database.system((tx) =>
    tx.insert(systemState).values({ key: KEY_STATE, value: { key } }).onConflictDoNothing(),
  );
  return (await read()) ?? Buffer.from(key, 'base64url');
}

type Rows<T> = { rows: T[] };

/**
 * Rate-limit counters kept in the database (`rate_limit_counters`), so every server process
 * counts the same hits. Each call is one statement outside any transaction: one round trip.
 * Keys are HMAC-SHA-256 under a key of the installation: what is counted (a client address, an
 * email) is personal, an IPv4 address is reversed from a plain SHA-256 by trying all 2^32 of them,
 * and a keyed hash of a leaked table alone reveals nothing. Times come from this process's clock
 * (the processes of one installation agree to well under a window).
 */
export class RateCounters {
  constructor(
    private readonly database: Database,
    private readonly secret: Buffer,
    /** Prefix of every key: test contexts sharing one PostgreSQL database keep their counts apart. */
    private readonly scope = '',
  ) {}

  /** The stored key of a limit's name and the values it counts by. */
  key(name: string, ...values: string[]): string {
    return createHmac('sha256', this.secret)
      .update([this.scope, name, ...values].join('\u0000'))
      .digest('base64url');
  }

  /** Counts one hit of each key in one statement; answers each key's state in the order given. */
  async hitAll(hits: readonly CounterHit[], now = Date.now()): Promise<CounterState[]> {
    if (hits.length === 0) return [];
    const at = new Date(now).toISOString();
    // Rows are locked in the order of their keys, in this statement and in takeBack and
    // clearAndTakeBack: two attempts counting the same two keys at once would otherwise deadlock on
    // PostgreSQL (each holding the row the other waits for).
    const values = [...hits]
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map(({ key, windowMs }) => sql`(${key}, 1, ${new Date(now + windowMs).toISOString()}::timestamptz)`);
    // A window that has ended starts again with this hit.
    const result = (await this.database.db.execute(sql`
      insert into rate_limit_counters as c (key, count, expires_at) values ${sql.join(values, sql`, `)}
      on conflict (key) do update set
        count = case when c.expires_at <= ${at}::timestamptz then 1 else c.count + 1 end,
        expires_at = case when c.expires_at <= ${at}::timestamptz then excluded.expires_at else c.expires_at end
      returning key, count, (extract(epoch from expires_at) * 1000)::float8 as expires`)) as unknown as Rows<{
      key: string;
      count: number;
      expires: number;
    }>;
    const byKey = new Map(result.rows.map((row) => [row.key, row]));
    return hits.map(({ key }) => {
      const row = byKey.get(key);
      return { count: row?.count ?? 0, ttlMs: row ? Math.max(0, Math.round(row.expires - now)) : 0 };
    });
  }

  /** Counts one hit of the key. */
  async hit(key: string, windowMs: number, now = Date.now()): Promise<CounterState> {
    const [state] = await this.hitAll([{ key, windowMs }], now);
    return state ?? { count: 0, ttlMs: 0 };
  }

  /** The hits within their windows of each key (0 for none), without counting one. */
  async counts(keys: readonly string[], now = Date.now()): Promise<number[]> {
    if (keys.length === 0) return [];
    const result = (await this.database.db.execute(sql`
      select key, count from rate_limit_counters
      where key in (${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )}) and expires_at > ${new Date(now).toISOString()}::timestamptz`)) as unknown as Rows<{
      key: string;
      count: number;
    }>;
    const byKey = new Map(result.rows.map((row) => [row.key, row.count]));
    return keys.map((key) => byKey.get(key) ?? 0);
  }

  /** Forgets the key's hits. */
  async clear(key: string): Promise<void> {
    await this.database.db.execute(sql`delete from rate_limit_counters where key = ${key}`);
  }

  /** Takes one hit back from each key (an attempt counted up front that turned out not to count). */
  async takeBack(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    // Locked in the order of their keys first (see hitAll).
    await this.database.db.execute(sql`
      update rate_limit_counters c set count = greatest(c.count - 1, 0)
      from (select key from rate_limit_counters where key in (${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )}) order by key for update) locked
      where c.key = locked.key`);
  }

  /** Forgets the first key's hits and takes one hit back from the second's, in one statement. */
  async clearAndTakeBack(cleared: string, takenBack: string): Promise<void> {
    // Both rows locked in the order of their keys first (see hitAll).
    await this.database.db.execute(sql`
      with locked as (
        select key from rate_limit_counters where key in (${cleared}, ${takenBack}) order by key for update
      ),
      forgotten as (delete from rate_limit_counters where key = ${cleared} and key in (select key from locked))
      update rate_limit_counters set count = greatest(count - 1, 0)
      where key = ${takenBack} and key in (select key from locked)`);
  }

  /** Deletes the counters whose window has ended; answers how many. */
  async sweep(now = Date.now()): Promise<number> {
    const result = (await this.database.db.execute(
      sql`delete from rate_limit_counters where expires_at <= ${new Date(now).toISOString()}::timestamptz returning 1`,
    )) as unknown as Rows<unknown>;
    return result.rows.length;
  }
}

/** What @fastify/rate-limit hands a store's child(): the route's merged options. */
interface ChildOptions {
  routeInfo?: { method?: string | readonly string[]; url?: string };
}

/**
 * @fastify/rate-limit's store over RateCounters: the plugin makes one child per route (its key is
 * the route and the client address), and asks incr() once per request of that route.
 */
export function databaseRateLimitStore(counters: RateCounters): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly route = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      counters.hit(counters.key('route', this.route, key), timeWindow).then(
        (state) => callback(null, { current: state.count, ttl: state.ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(options: unknown): FastifyRateLimitStore {
      const info = (options as ChildOptions).routeInfo ?? {};
      const method = Array.isArray(info.method) ? info.method.join(',') : String(info.method ?? '');
      return new DatabaseStore(undefined, `${method} ${info.url ?? ''}`);
    }
  }
  return DatabaseStore;
}

/** Ended windows are gone within this long (they already count as zero). */
export const RATE_LIMIT_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/** Deletes ended counters on a timer (platform/sweeper.ts), so no job row is needed. */
export const rateLimitSweep: SweepDefinition<RateCounters> = {
  sweep: (counters) => counters.sweep(),
  intervalMs: RATE_LIMIT_SWEEP_INTERVAL_MS,
  failure: 'sweeping ended rate-limit counters failed',
};
