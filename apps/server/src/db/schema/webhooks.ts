import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { accountId, tenantPolicy } from './tenancy';

/**
 * A company's webhook endpoint (issue 32 §3): where the events it subscribes to are POSTed, signed
 * as Standard Webhooks describes. The secret is kept as is (it signs every delivery); after a
 * rotation the previous one keeps signing too until `previous_secret_expires_at`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The event types it receives (incident.created, …). */
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** whsec_<base64 of 32 random bytes>. */
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    /** When its deliveries started failing with none delivered since; null while it delivers. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** Why the server disabled it (24 hours of failures); null when an admin did or it is enabled. */
    disabledReason: text('disabled_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_account').on(t.accountId, t.createdAt), tenantPolicy()],
);

/**
 * One event for one endpoint: its body (as signed, kept so that a redelivery sends the same
 * message) and the outcome of its last attempt. Retried with backoff until `retry_until`.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The webhook-id header: msg_<uuid>, the same on every attempt so receivers can deduplicate. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The JSON body { type, timestamp, data } exactly as sent. */
    body: text('body').notNull(),
    /** pending, delivered, failed. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** Retries stop after this (24 hours from the event, or from a redelivery). */
    retryUntil: timestamp('retry_until', { withTimezone: true }).notNull(),
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms'),
    /** The start of the last response's body (at most 1 KB). */
    responseBody: text('response_body'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_deliveries_endpoint').on(t.endpointId, t.createdAt), tenantPolicy()],
);
