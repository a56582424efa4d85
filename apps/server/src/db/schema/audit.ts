import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { accountId, tenantPolicy } from './tenancy';

/** The audit log (spec 3 §3 Audit entry). */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, {
      onDelete: 'cascade',
    }),
    objectType: text('object_type').notNull(),
    objectName: text('object_name').notNull().default(''),
    transactionType: text('transaction_type').notNull(),
    createUserId: uuid('create_user_id'),
    createUserName: text('create_user_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    objectId: text('object_id'),
    objectHistoryId: uuid('object_history_id'),
    objectData: jsonb('object_data'),
  },
  (t) => [index('audit_entries_account_time').on(t.accountId, t.createdAt), tenantPolicy()],
);
