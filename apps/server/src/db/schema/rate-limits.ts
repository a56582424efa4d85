import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The counters of every rate limit (failed sign-ins, sign-ups, two-factor codes, …), shared by
 * all server processes. Not tenant data: a key is an HMAC of what is counted (an address, an email
 * and the limit's name), never the value itself. A window starts at its first hit and ends at
 * `expires_at`; expired rows are counted from zero again and swept away (`rateLimitSweep`, rate-limit-store.ts).
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_expires').on(t.expiresAt)],
);
