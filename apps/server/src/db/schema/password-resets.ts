import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { accountId, tenantPolicy } from './tenancy';
import { users } from './users';

/**
 * Links sent to change a password (GET /users/requestChangePassword); only a hash of the token is
 * kept. A link works once (used_at) and for 60 minutes; the session that asked for it is kept
 * when the password changes, every other session of the user ends.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The sign-in (sessions.id, the provider's grant) that asked for the link. */
    sessionId: text('session_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_resets_token').on(t.tokenHash),
    index('password_resets_account_user').on(t.accountId, t.userId),
    tenantPolicy(),
  ],
);
