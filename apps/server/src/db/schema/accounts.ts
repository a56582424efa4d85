import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from './tenancy';

/** A customer company: its settings (spec 3 §3) and its subscription. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyName: text('company_name').notNull(),
    accountType: text('account_type').notNull().default('general'),
    companyCountryCode: text('company_country_code').notNull().default('XX'),
    phone: text('phone').notNull().default(''),
    measurementType: smallint('measurement_type').notNull().default(0),
    dateFormat: smallint('date_format').notNull().default(0),
    autoLogoutTime: integer('auto_logout_time').notNull().default(900),
    logoImage: text('logo_image'),
    mfa: boolean('mfa').notNull().default(false),
    active: boolean('active').notNull().default(true),
    accountHolderId: uuid('account_holder_id'),
    // Subscription
    trial: boolean('trial').notNull().default(true),
    trialExpiryDate: timestamp('trial_expiry_date', { withTimezone: true }),
    subscriptionType: text('subscription_type').notNull().default('trial'),
    subscriptionSource: text('subscription_source').notNull().default('TRIAL'),
    periodType: text('period_type'),
    concurrentUserCount: integer('concurrent_user_count').notNull().default(5),
    amountCents: integer('amount_cents').notNull().default(0),
    taxPercent: integer('tax_percent').notNull().default(0),
    nextChargeDate: timestamp('next_charge_date', { withTimezone: true }),
    subscriptionValidDate: timestamp('subscription_valid_date', {
      withTimezone: true,
    }),
    cancelled: boolean('cancelled').notNull().default(false),
    cardLast4: text('card_last4'),
    paymentError: text('payment_error'),
    /**
     * A plan chosen during a trial: its first period starts and is charged when the trial ends (by
     * the renewal job); null once that first charge is paid, or when nothing waits.
     */
    firstChargeDate: timestamp('first_charge_date', { withTimezone: true }),
    /**
     * A lower plan chosen during a paid period (no refunds): it replaces the plan at the next
     * renewal, which charges it. The current seats and price stay until then.
     */
    pendingPeriodType: text('pending_period_type'),
    pendingConcurrentUserCount: integer('pending_concurrent_user_count'),
    pendingAmountCents: integer('pending_amount_cents'),
    pendingTaxPercent: integer('pending_tax_percent'),
    // Billing
    billingContactName: text('billing_contact_name').notNull().default(''),
    billingAddressLine1: text('billing_address_line1').notNull().default(''),
    billingAddressLine2: text('billing_address_line2').notNull().default(''),
    billingAddressCity: text('billing_address_city').notNull().default(''),
    billingAddressState: text('billing_address_state').notNull().default(''),
    billingAddressPostalCode: text('billing_address_postal_code').notNull().default(''),
    billingAddressCountryCode: text('billing_address_country_code').notNull().default(''),
    billingEmail: text('billing_email').notNull().default(''),
    billingPhone: text('billing_phone').notNull().default(''),
    // File size limits in MB
    maxUploadFileSize: integer('max_upload_file_size').notNull().default(20),
    maxAvatarFileSize: integer('max_avatar_file_size').notNull().default(1),
    maxLogoFileSize: integer('max_logo_file_size').notNull().default(2),
    /** Last incident number handed out; numbers are per company. */
    incidentSeq: integer('incident_seq').notNull().default(0),
    /** The company's IANA time zone: its calendar days (a ban's first and last day, issue 31). */
    timeZone: text('time_zone').notNull().default('UTC'),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantPolicy(sql`id`)],
);
