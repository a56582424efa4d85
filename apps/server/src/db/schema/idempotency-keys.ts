import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { accountId, tenantPolicy } from './tenancy';
import { users } from './users';

/**
 * The Idempotency-Key of every write that was sent with one (modules/idempotency): a retried call
 * with the same key answers what the first answered instead of doing the work again. One row per
 * (company, user, key), written in the same transaction as the work, so a rolled-back call leaves
 * none. `request_hash` is the SHA-256 of the request (a retry with another body is refused);
 * `answer` is the first answer as sent, or `resource_id` the row it created when the answer must be
 * read again (fresh signed URLs). Rows are swept away after IDEMPOTENCY_KEY_TTL_DAYS.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The route the key was first used on, e.g. 'POST /incidents'. */
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    answer: jsonb('answer'),
    resourceId: uuid('resource_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_account_user_key').on(t.accountId, t.userId, t.key),
    index('idempotency_keys_created').on(t.createdAt),
    tenantPolicy(),
  ],
);
