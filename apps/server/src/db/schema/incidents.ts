import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { accountId, tenantPolicy } from './tenancy';
import { users } from './users';

export const incidents = pgTable(
  'incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, {
      onDelete: 'cascade',
    }),
    number: integer('number').notNull(),
    /** 1 Open, 2 Closed (drafts and open-drafts live in draft_incidents). */
    status: smallint('status').notNull().default(1),
    locked: boolean('locked').notNull().default(false),
    createUserId: uuid('create_user_id')
      .notNull()
      .references(() => users.id),
    assignedUserId: uuid('assigned_user_id').references(() => users.id),
    reportedDate: timestamp('reported_date', { withTimezone: true }),
    occurredDate: timestamp('occurred_date', { withTimezone: true }),
    occurredDateUncertain: boolean('occurred_date_uncertain').notNull().default(false),
    lastClassId: uuid('last_class_id'),
    severityId: uuid('severity_id'),
    primaryCauseId: uuid('primary_cause_id'),
    summary: text('summary').notNull().default(''),
    summaryText: text('summary_text').notNull().default(''),
    causeComments: text('cause_comments').notNull().default(''),
    // Where (spec 1 §3 Location): the deepest node of the location tree and the street address.
    lastLocationId: uuid('last_location_id'),
    locationAddress: text('location_address').notNull().default(''),
    locationUnit: text('location_unit').notNull().default(''),
    locationStreet: text('location_street').notNull().default(''),
    locationPostalCode: text('location_postal_code').notNull().default(''),
    locationCityId: uuid('location_city_id'),
    locationCityName: text('location_city_name').notNull().default(''),
    locationStateName: text('location_state_name').notNull().default(''),
    locationCountryCode: text('location_country_code').notNull().default(''),
    locationCountryName: text('location_country_name').notNull().default(''),
    /** The close block (spec 1 §3) while the incident is closed. */
    close: jsonb('close'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Bumped by every change of the incident (one history row each): working copies remember it. */
    version: integer('version').notNull().default(1),
    /**
     * The old system's reference of an incident brought in by a bulk import (issue 32 §1): unique
     * per company, so importing the same file again creates nothing twice.
     */
    sourceRef: text('source_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('incidents_account_number').on(t.accountId, t.number),
    uniqueIndex('incidents_account_source_ref').on(t.accountId, t.sourceRef).where(sql`source_ref is not null`),
    // The user's incidents (GET /incidents/my) in two parts, entered and investigated, each counted
    // from its index alone (status and locked are what the lists filter on; see incidents.queries).
    index('incidents_account_creator').on(t.accountId, t.createUserId, t.status, t.locked),
    index('incidents_account_assignee').on(t.accountId, t.assignedUserId, t.status, t.locked, t.createUserId),
    index('incidents_account_status').on(t.accountId, t.status, t.createdAt),
    // The search's indexes are on incident_search (migration 0014), which the search reads instead.
    tenantPolicy(),
  ],
);

/** Working copies: new drafts (status 0) and open incidents being edited (status 3). */
export const draftIncidents = pgTable(
  'draft_incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, {
      onDelete: 'cascade',
    }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    incidentId: uuid('incident_id').references(() => incidents.id, {
      onDelete: 'cascade',
    }),
    number: integer('number'),
    status: smallint('status').notNull().default(0),
    lastClassId: uuid('last_class_id'),
    data: jsonb('data').notNull().default({}),
    /** The incident's version an open-draft was made from: saving it over a newer one is refused. */
    baseVersion: integer('base_version'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('draft_incidents_account_user').on(t.accountId, t.userId, t.status), tenantPolicy()],
);

/** One row per change of an incident, with the full snapshot after the change. */
export const incidentHistory = pgTable(
  'incident_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, {
      onDelete: 'cascade',
    }),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    actionType: text('action_type').notNull(),
    updateUserId: uuid('update_user_id'),
    updateUserName: text('update_user_name').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    /**
     * On the CREATE row of an incident recorded offline on a phone: when the phone saved it
     * (created_at is when the server received it).
     */
    recordedOfflineAt: timestamp('recorded_offline_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('incident_history_account_incident').on(t.accountId, t.incidentId, t.createdAt), tenantPolicy()],
);
