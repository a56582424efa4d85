import { sql } from 'drizzle-orm';
import { date, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { incidents } from './incidents';
import { accountId, tenantPolicy } from './tenancy';
import { users } from './users';

/**
 * The company's register of vehicles (issue 31): one row per normalised plate and province/state
 * (`vehicle_key` of incident_vehicles), written when an incident with the vehicle is saved. Its id
 * is derived from the company and the key (md5 as a uuid), so it stays the same whatever the order
 * in which the vehicle was recorded. The plate, province and card are the latest recorded.
 */
export const subjectVehicles = pgTable(
  'subject_vehicles',
  {
    id: uuid('id').primaryKey(),
    accountId: accountId().references(() => accounts.id, { onDelete: 'cascade' }),
    vehicleKey: text('vehicle_key').notNull(),
    licensePlate: text('license_plate').notNull(),
    stateProvince: text('state_province').notNull().default(''),
    /** The latest vehicle card recorded (make, model, colour…). */
    data: jsonb('data').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subject_vehicles_account_key').on(t.accountId, t.vehicleKey), tenantPolicy()],
);

/**
 * Bans, trespass notices and watches on a subject (issue 31): a person or legal entity of the
 * register (parties.id) or a vehicle of the register (subject_vehicles.id). Active while
 * start_date <= today <= end_date (end null: indefinite), today in the company's time zone, and not
 * revoked; an expired or revoked ban stays in the subject's history.
 */
export const subjectBans = pgTable(
  'subject_bans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, { onDelete: 'cascade' }),
    /** person | legalEntity | vehicle */
    subjectKind: text('subject_kind').notNull(),
    subjectId: uuid('subject_id').notNull(),
    /** ban | trespass | watch */
    banType: text('ban_type').notNull(),
    reason: text('reason').notNull().default(''),
    /** Location lookups covered, each with its descendants (matched at the time of use). */
    locationIds: uuid('location_ids').array().notNull().default(sql`'{}'::uuid[]`),
    startDate: date('start_date').notNull(),
    /** Null: indefinite. */
    endDate: date('end_date'),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    issuedByName: text('issued_by_name').notNull().default(''),
    /** The signed notice: storage key made by the server, the uploaded name and detected type. */
    noticeKey: text('notice_key'),
    noticeName: text('notice_name'),
    noticeType: text('notice_type'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subject_bans_account_subject').on(t.accountId, t.subjectKind, t.subjectId, t.startDate),
    tenantPolicy(),
  ],
);

/**
 * The alerts of a saved incident (issue 31 §5): each active ban, trespass notice or watch that
 * covered the incident's location on its day for a subject named on it, as computed when the
 * incident was last saved. Lists flag an incident that has one ('Banned subject'); the viewer shows
 * them. The names and terms are kept as they were at the save, so the alert reads the same later.
 */
export const incidentSubjectAlerts = pgTable(
  'incident_subject_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, { onDelete: 'cascade' }),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    banId: uuid('ban_id')
      .notNull()
      .references(() => subjectBans.id, { onDelete: 'cascade' }),
    /** person | legalEntity | vehicle */
    subjectKind: text('subject_kind').notNull(),
    subjectId: uuid('subject_id').notNull(),
    subjectName: text('subject_name').notNull(),
    /** ban | trespass | watch */
    banType: text('ban_type').notNull(),
    /** The ban's location that covers the incident's location; '' for a ban on every location. */
    locationName: text('location_name').notNull().default(''),
    /** Null: indefinite. */
    endDate: date('end_date'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('incident_subject_alerts_incident_ban').on(t.incidentId, t.banId), tenantPolicy()],
);
