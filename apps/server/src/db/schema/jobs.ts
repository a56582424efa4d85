import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgPolicy, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { currentTenant } from './tenancy';

/**
 * Background work (emails, later SMS and notifications), processed by the worker of any server
 * process with FOR UPDATE SKIP LOCKED, so a crash never loses queued work. A job of a company is
 * visible to that company's transactions only; the worker runs as the owner.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_pending').on(t.runAt).where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
    index('jobs_account').on(t.accountId, t.createdAt),
    pgPolicy('tenant_isolation', {
      as: 'permissive',
      for: 'all',
      using: sql`account_id = ${currentTenant}`,
      withCheck: sql`account_id = ${currentTenant}`,
    }),
  ],
);
