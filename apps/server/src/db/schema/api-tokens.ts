import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { accountId, tenantPolicy } from './tenancy';
import { users } from './users';

/**
 * API tokens (issue 32 §2). The secret is never stored: `token_hash` is the SHA-256 (hex) of the
 * whole token, which is enough for a 32-byte random secret (no dictionary to try, so no slow hash is
 * needed), and is what a request's Bearer token is looked up by (blotter_api_token_principal, in
 * src/db/sql/auth/api-token-principal.sql). `hint` keeps the prefix and 4 characters to recognise it.
 * A revoked token keeps its row (the list shows it revoked); last_used_at is written at most once a
 * minute per token.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    hint: text('hint').notNull(),
    privileges: text('privileges').array().notNull().default(sql`'{}'::text[]`),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash').on(t.tokenHash),
    index('api_tokens_account_created').on(t.accountId, t.createdAt),
    tenantPolicy(),
  ],
);
