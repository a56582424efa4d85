import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { accountId, tenantPolicy } from './tenancy';
import { users } from './users';

/**
 * Saved searches (spec 2 §3): a user's own dashboard cards (target 'dashboard') and the company's
 * search reports (target 'report'). `criteria` holds the search criteria as the shared schema
 * validated them; `columns` the result column ids in the chosen order; `sort` the order of the
 * results ({ by, direction } of the shared searchSortSchema).
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, { onDelete: 'cascade' }),
    target: text('target').$type<'dashboard' | 'report'>().notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    criteria: jsonb('criteria').notNull(),
    columns: jsonb('columns').notNull().default([]),
    sort: jsonb('sort').notNull().default({ by: 'number', direction: 'desc' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_searches_account_target').on(t.accountId, t.target, t.userId, t.createdAt), tenantPolicy()],
);
