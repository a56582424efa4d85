import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { lookups } from './lookups';
import { accountId, tenantPolicy } from './tenancy';

/** A company's incident email notification rule (spec 3 §3 Incident notification). */
export const incidentNotifications = pgTable(
  'incident_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, { onDelete: 'cascade' }),
    /** The email subject heading. */
    name: text('name').notNull(),
    recipientEmails: text('recipient_emails').array().notNull(),
    /** The rule is also sent every banned-subject alert (issue 31 §5), whatever the incident's class. */
    bannedSubjectAlerts: boolean('banned_subject_alerts').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('incident_notifications_account').on(t.accountId, t.createdAt), tenantPolicy()],
);

/**
 * A class row of a rule: the class (and every class below it) and the events it is sent for. A
 * deleted class takes its rows with it.
 */
export const incidentNotificationClasses = pgTable(
  'incident_notification_classes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, { onDelete: 'cascade' }),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => incidentNotifications.id, { onDelete: 'cascade' }),
    classLookupId: uuid('class_lookup_id')
      .notNull()
      .references(() => lookups.id, { onDelete: 'cascade' }),
    /** CREATE, EDIT, CLOSE comma-joined, as the API carries them. */
    eventTypeList: text('event_type_list').notNull(),
    /** The row's place in the rule as it was entered. */
    position: integer('position').notNull(),
  },
  (t) => [
    index('incident_notification_classes_rule').on(t.notificationId, t.position),
    index('incident_notification_classes_class').on(t.accountId, t.classLookupId),
    tenantPolicy(),
  ],
);
