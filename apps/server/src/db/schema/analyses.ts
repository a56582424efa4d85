import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { accountId, tenantPolicy } from './tenancy';
import { users } from './users';

/**
 * Saved analyses (spec 2 §3): a user's own dashboard charts (target 'dashboard', /analysis/custom)
 * and the company's chart reports (target 'report', /analysis/reports). `criteria` holds the
 * analysis criteria list as the shared schema validated it; `incidentClasses` the chosen class ids.
 */
export const savedAnalyses = pgTable(
  'saved_analyses',
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
    chartType: text('chart_type').notNull(),
    frequency: text('frequency').notNull(),
    incidentClasses: jsonb('incident_classes').notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_analyses_account_target').on(t.accountId, t.target, t.userId, t.createdAt), tenantPolicy()],
);

/**
 * Rows of a search report uploaded for printing (POST /reports, spec 2 §4): the uploader's own,
 * read as a PDF by GET /reports/{id}, removed by DELETE /reports/{id} when the viewer closes, and
 * expired by `expiresAt` when nobody did (REPORT_UPLOAD_TTL_MINUTES).
 */
export const reportUploads = pgTable(
  'report_uploads',
  {
    id: uuid('id').primaryKey(),
    accountId: accountId().references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    timezone: text('timezone'),
    timezoneOffset: integer('timezone_offset').notNull().default(0),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('report_uploads_expires').on(t.expiresAt), tenantPolicy()],
);
