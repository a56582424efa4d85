import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { accountId, tenantPolicy } from './tenancy';

/**
 * The company's card at the payment provider: the provider's customer and payment method ids and
 * the card's last 4 digits (the card itself stays with the provider). One row per company.
 */
export const paymentProfiles = pgTable(
  'payment_profiles',
  {
    accountId: accountId()
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'offline' | 'stripe'>().notNull(),
    customerId: text('customer_id').notNull(),
    paymentMethodId: text('payment_method_id').notNull(),
    cardLast4: text('card_last4').notNull(),
    cardBrand: text('card_brand'),
    billingEmail: text('billing_email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantPolicy()],
);

export type PaymentStatus = 'pending' | 'paid' | 'failed';

/**
 * Every charge of a subscription: the first period, a plan change, each renewal. A row is written
 * (pending, with its idempotency key) before the provider is called, so a crash and a rerun call
 * the provider again with the same key and the company is charged once.
 */
export const subscriptionPayments = pgTable(
  'subscription_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    periodType: text('period_type').$type<'MONTH' | 'YEAR'>().notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    /** What the charge is for: 'subscribe', 'change' or 'renewal'. */
    kind: text('kind').$type<'subscribe' | 'change' | 'renewal'>().notNull(),
    concurrentUserCount: integer('concurrent_user_count').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    providerChargeId: text('provider_charge_id'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('subscription_payments_idempotency_key').on(t.idempotencyKey),
    index('subscription_payments_account').on(t.accountId, t.createdAt),
    index('subscription_payments_pending').on(t.status).where(sql`${t.status} = 'pending'`),
    tenantPolicy(),
  ],
);

/**
 * The receipt of a paid charge, written in the transaction that marks the payment paid: what was
 * charged and for what, with the company's name and billing address as they were then (a later
 * change of address does not rewrite a past receipt). Numbered per company from 1.
 */
export const subscriptionReceipts = pgTable(
  'subscription_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => subscriptionPayments.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    amountCents: integer('amount_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    kind: text('kind').$type<'subscribe' | 'change' | 'renewal'>().notNull(),
    periodType: text('period_type').$type<'MONTH' | 'YEAR'>().notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    concurrentUserCount: integer('concurrent_user_count').notNull(),
    cardLast4: text('card_last4').notNull().default(''),
    companyName: text('company_name').notNull(),
    billingContactName: text('billing_contact_name').notNull().default(''),
    billingAddressLine1: text('billing_address_line1').notNull().default(''),
    billingAddressLine2: text('billing_address_line2').notNull().default(''),
    billingAddressCity: text('billing_address_city').notNull().default(''),
    billingAddressState: text('billing_address_state').notNull().default(''),
    billingAddressPostalCode: text('billing_address_postal_code').notNull().default(''),
    billingAddressCountryCode: text('billing_address_country_code').notNull().default(''),
    billingEmail: text('billing_email').notNull().default(''),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('subscription_receipts_payment').on(t.paymentId),
    uniqueIndex('subscription_receipts_number').on(t.accountId, t.number),
    index('subscription_receipts_account_paid').on(t.accountId, t.paidAt),
    tenantPolicy(),
  ],
);
