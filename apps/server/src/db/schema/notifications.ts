import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { accountId, tenantPolicy } from './tenancy';
import { users } from './users';

/** Banners shown at the top of pages (spec 1 §3 Notification). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, {
      onDelete: 'cascade',
    }),
    message: text('message').notNull(),
    notificationType: text('notification_type').notNull(),
    level: text('level').notNull().default('INFO'),
    userDismissAvailable: boolean('user_dismiss_available').notNull().default(true),
    /** Resolved for everyone (e.g. the payment was fixed). */
    dismissed: boolean('dismissed').notNull().default(false),
    /**
     * What raised a banner made by the system (e.g. 'trial-expired'): one live banner per company
     * and source, so a job that runs again (or in two processes at once) adds none.
     */
    source: text('source'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_account').on(t.accountId, t.dismissed),
    uniqueIndex('notifications_account_source')
      .on(t.accountId, t.source)
      .where(sql`${t.source} is not null and not ${t.dismissed}`),
    tenantPolicy(),
  ],
);

/** A user's dismissal of a banner. */
export const notificationDismissals = pgTable(
  'notification_dismissals',
  {
    accountId: accountId().references(() => accounts.id, {
      onDelete: 'cascade',
    }),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.notificationId, t.userId] }), tenantPolicy()],
);
