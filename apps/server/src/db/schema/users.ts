import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { accountId, tenantPolicy } from './tenancy';

/** Workgroups (user groups) and the privilege codes they grant. */
export const workgroups = pgTable(
  'workgroups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    privileges: text('privileges').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Deleted workgroups are kept for the deleted users that still name them. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('workgroups_account_name').on(t.accountId, t.name).where(sql`${t.deletedAt} is null`),
    tenantPolicy(),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, {
      onDelete: 'cascade',
    }),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name').notNull().default(''),
    lastName: text('last_name').notNull(),
    position: text('position').notNull().default(''),
    companyStartDate: date('company_start_date'),
    company: text('company').notNull().default(''),
    department: text('department').notNull().default(''),
    division: text('division').notNull().default(''),
    location: text('location').notNull().default(''),
    region: text('region').notNull().default(''),
    phone: text('phone').notNull().default(''),
    fax: text('fax').notNull().default(''),
    mobilePhone: text('mobile_phone').notNull().default(''),
    mfa: boolean('mfa').notNull().default(false),
    userGroupId: uuid('user_group_id')
      .notNull()
      .references(() => workgroups.id),
    /** 0 pending, 1 active, 2 inactive. */
    status: smallint('status').notNull().default(0),
    avatarKey: text('avatar_key'),
    systemAdmin: boolean('system_admin').notNull().default(false),
    authenticationType: text('authentication_type').notNull().default('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A deleted user is kept (soft delete) so their incidents, history and audit entries keep their
     * name; they disappear from lists and cannot sign in.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // Sign-in is by email across every company, so an email belongs to one user only; a deleted
    // user frees their email for a new user.
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    index('users_account_group').on(t.accountId, t.userGroupId),
    index('users_account_status').on(t.accountId, t.status),
    tenantPolicy(),
  ],
);

/** Signed-in sessions, one per sign-in (grant); used for the concurrent-user limit and logout. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    accountId: accountId().references(() => accounts.id, {
      onDelete: 'cascade',
    }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('sessions_account_active').on(t.accountId, t.endedAt, t.lastSeenAt), tenantPolicy()],
);

/** Links sent to confirm a user's email address; only a hash of the token is kept. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_verifications_token').on(t.tokenHash),
    index('email_verifications_account_user').on(t.accountId, t.userId),
    tenantPolicy(),
  ],
);
