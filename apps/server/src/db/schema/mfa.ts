import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { accountId, tenantPolicy } from './tenancy';
import { users } from './users';

/**
 * A user's two-factor verification phone. A user has at most one verified device and at most one
 * being enrolled (verified_at null); verifying the enrolment replaces the verified one.
 */
export const mfaDevices = pgTable(
  'mfa_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Digits with the country code, sent as +digits. */
    phoneNumber: text('phone_number').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mfa_devices_verified').on(t.userId).where(sql`${t.verifiedAt} is not null`),
    uniqueIndex('mfa_devices_pending').on(t.userId).where(sql`${t.verifiedAt} is null`),
    tenantPolicy(),
  ],
);

/**
 * One-time codes sent by SMS, kept only as an HMAC; a code lives 10 minutes and allows 5 tries.
 * purpose 'login' codes go to the verified device, 'enrol' codes to the device being enrolled.
 */
export const mfaCodes = pgTable(
  'mfa_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => mfaDevices.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'login' | 'enrol'>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mfa_codes_user').on(t.userId, t.purpose, t.createdAt), tenantPolicy()],
);

/**
 * A sign-in waiting for its second factor: made by the identity provider after a correct password,
 * named by the interaction it belongs to. Its token (kept as a SHA-256 hash) is the only credential
 * the browser holds until the code is verified, and the /api/mfa calls are all it opens. Read by
 * the provider as the owner; the /api/mfa calls mark it verified in the company's transaction.
 */
export const mfaSignInSteps = pgTable(
  'mfa_sign_in_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    interactionUid: text('interaction_uid').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The code was verified: the interaction may finish the sign-in (once). */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** The sign-in finished, was cancelled, or the phone was enrolled (sign in again). */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mfa_sign_in_steps_token').on(t.tokenHash),
    index('mfa_sign_in_steps_interaction').on(t.interactionUid),
    tenantPolicy(),
  ],
);
