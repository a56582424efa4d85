import { z } from 'zod';
import { accountSchema } from './account-settings';

/**
 * Subscription and billing (spec 3 §3 Subscription, Plans, Payment method, Billing info; §5; §7
 * Payments and subscriptions; §9 slider and price formula). Money is integers in cents.
 */

export const USERS_MIN = 5;
export const USERS_MAX = 205;
export const USERS_STEP = 10;

export const SUBSCRIPTION_TYPES = ['trial', 'manual', 'paid'] as const;
export const SUBSCRIPTION_SOURCES = ['TRIAL', 'STRIPE', 'MANUAL'] as const;
export const PERIOD_TYPES = ['MONTH', 'YEAR'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];
export type SubscriptionSource = (typeof SUBSCRIPTION_SOURCES)[number];
export type PeriodType = (typeof PERIOD_TYPES)[number];

export const SUBSCRIPTION_MESSAGES = {
  paymentMethodSaved: 'Payment method is successfully saved.',
  paymentMethodFailed: 'Failed to save a payment method.',
  updated: 'Subscription is successfully updated.',
  cancelled: 'Subscription successfully cancelled.',
  billingUpdated: 'Billing information is successfully update.',
  noPaymentMethod: 'Please submit a payment method first.',
  manual: 'This subscription is managed by our support team. Please contact support to change it.',
  trialCannotCancel: 'A free trial cannot be cancelled.',
  alreadyCancelled: 'The subscription is already cancelled.',
  promotionInvalid: 'The promotion code is not valid.',
  noPendingChange: 'There is no pending plan change to cancel.',
  pendingChangeCancelled: 'The pending plan change is cancelled.',
  users: `Concurrent users must be from ${USERS_MIN} to ${USERS_MAX} in steps of ${USERS_STEP}.`,
  periodType: 'Please choose a monthly or yearly plan.',
  cardToken: 'A card token is required.',
  cardEmail: 'Please enter a valid email.',
} as const;

// ── Payment method ────────────────────────────────────────────────────────────

/** GET and POST /payments/methods: the stored card's last 4 digits (null: no card). */
export const paymentMethodAnswer = z.object({ cardNumber: z.string().nullable() });
export type PaymentMethodAnswer = z.infer<typeof paymentMethodAnswer>;

/** POST /payments/methods: a card token made in the browser by the card provider's field. */
export const paymentMethodBody = z.object({
  token: z
    .string({ error: SUBSCRIPTION_MESSAGES.cardToken })
    .trim()
    .min(1, SUBSCRIPTION_MESSAGES.cardToken)
    .max(255, SUBSCRIPTION_MESSAGES.cardToken),
  email: z.email(SUBSCRIPTION_MESSAGES.cardEmail).max(255, SUBSCRIPTION_MESSAGES.cardEmail),
});
export type PaymentMethodBody = z.infer<typeof paymentMethodBody>;

// ── Subscription ──────────────────────────────────────────────────────────────

/** A lower plan chosen during a paid period: it replaces the current one at effectiveDate. */
export const pendingChangeSchema = z.object({
  periodType: z.enum(PERIOD_TYPES),
  concurrentUserCount: z.number().int(),
  /** The new plan's price per period before tax, in cents. */
  amount: z.number().int(),
  taxPercent: z.number().int(),
  /** The next renewal, when the change takes effect and is charged. */
  effectiveDate: z.string(),
});
export type PendingChange = z.infer<typeof pendingChangeSchema>;

/** GET /subscriptions2 (spec 3 §3 Subscription). Dates are ISO strings. */
export const subscriptionSchema = z.object({
  subscriptionType: z.enum(SUBSCRIPTION_TYPES),
  source: z.enum(SUBSCRIPTION_SOURCES),
  periodType: z.enum(PERIOD_TYPES).nullable(),
  concurrentUserCount: z.number().int(),
  /** The plan's price per period before tax, in cents. */
  amount: z.number().int(),
  taxPercent: z.number().int(),
  nextChargeDate: z.string().nullable(),
  trialExpirationDate: z.string().nullable(),
  subscriptionValidDate: z.string().nullable(),
  cancelled: z.boolean(),
  trial: z.boolean(),
  cardLast4: z.string().nullable(),
  /** When the last renewal charge failed (null: no payment error). */
  paymentError: z.string().nullable(),
  /**
   * A plan chosen during the free trial is first charged when the trial ends: that date (its first
   * period starts then), or null once it is paid.
   */
  firstChargeDate: z.string().nullable(),
  /** A lower plan waiting for the next renewal (the current seats stay until then), or null. */
  pendingChange: pendingChangeSchema.nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

const planSchema = z.object({ defaultAmount: z.number().int(), additionalAmount: z.number().int() });
export type Plan = z.infer<typeof planSchema>;

/**
 * GET /subscriptions2/plans?promotionCode=. A known code lowers both amounts; an unknown one
 * answers the normal plans with promotionValid false (the code echoed, upper-cased).
 */
export const plansSchema = z.object({
  monthly: planSchema,
  yearly: planSchema,
  /** Tax in whole percent, added to the price. */
  taxRate: z.number().int(),
  promotionCode: z.string().nullable(),
  promotionValid: z.boolean(),
});
export type Plans = z.infer<typeof plansSchema>;

const promotionCode = z
  .string()
  .trim()
  .toUpperCase()
  .max(50, SUBSCRIPTION_MESSAGES.promotionInvalid)
  .transform((v) => v || undefined);

export const plansQuery = z.object({ promotionCode: promotionCode.optional() });

export const concurrentUsersSchema = z
  .number({ error: SUBSCRIPTION_MESSAGES.users })
  .int(SUBSCRIPTION_MESSAGES.users)
  .min(USERS_MIN, SUBSCRIPTION_MESSAGES.users)
  .max(USERS_MAX, SUBSCRIPTION_MESSAGES.users)
  .refine((v) => (v - USERS_MIN) % USERS_STEP === 0, SUBSCRIPTION_MESSAGES.users);

/** POST /subscriptions2: choose or change the plan (the promotion code is upper-cased). */
export const subscriptionBody = z.object({
  periodType: z.enum(PERIOD_TYPES, { error: SUBSCRIPTION_MESSAGES.periodType }),
  concurrentUserCount: concurrentUsersSchema,
  promotionCode: promotionCode.nullish(),
});
export type SubscriptionInput = z.input<typeof subscriptionBody>;
export type SubscriptionValues = z.output<typeof subscriptionBody>;

/** Price of a plan per period in cents (spec 3 §9): default + additional × ceil((users − 5) / 10). */
export function planPrice(plan: Plan, users: number): number {
  return plan.defaultAmount + plan.additionalAmount * Math.max(0, Math.ceil((users - USERS_MIN) / USERS_STEP));
}

/** Tax in cents on an amount in cents, rounded to the cent. */
export const taxOf = (amountCents: number, taxPercent: number) => Math.round((amountCents * taxPercent) / 100);

/** The plan of a period type. */
export const planOf = (plans: Pick<Plans, 'monthly' | 'yearly'>, periodType: PeriodType) =>
  periodType === 'YEAR' ? plans.yearly : plans.monthly;

// ── Billing information ───────────────────────────────────────────────────────

export const BILLING_MESSAGES = {
  line1: 'Address 1 is required',
  line1Max: 'Address 1 cannot be greater than 100',
  line2Max: 'Address 2 cannot be greater than 100',
  city: 'City is required',
  cityMax: 'City cannot be greater than 100',
  stateMax: 'State cannot be greater than 100',
  postalCode: 'Postal code is required',
  postalCodeMax: 'Postal code cannot be greater than 10',
  country: 'Country is required',
  email: 'Email is required',
  emailInvalid: 'Please enter a valid email.',
  emailMax: 'Email cannot be greater than 255',
  phone: 'Phone is required',
  phoneMax: 'Phone cannot be greater than 20',
  contactName: 'Contact Name is required',
  contactNameMax: 'Contact Name cannot be greater than 100',
} as const;

const required = (requiredMessage: string, max: number, maxMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(max, maxMessage);
const optional = (max: number, maxMessage: string) => z.string().trim().max(max, maxMessage).default('');

/** PUT /accounts/billingInformation and the billing forms (spec 3 §3 Billing info, §5). */
export const billingInformationBody = z.object({
  billingContactName: required(BILLING_MESSAGES.contactName, 100, BILLING_MESSAGES.contactNameMax),
  billingAddressLine1: required(BILLING_MESSAGES.line1, 100, BILLING_MESSAGES.line1Max),
  billingAddressLine2: optional(100, BILLING_MESSAGES.line2Max),
  billingAddressCity: required(BILLING_MESSAGES.city, 100, BILLING_MESSAGES.cityMax),
  billingAddressState: optional(100, BILLING_MESSAGES.stateMax),
  billingAddressPostalCode: required(BILLING_MESSAGES.postalCode, 10, BILLING_MESSAGES.postalCodeMax),
  billingAddressCountryCode: z
    .string({ error: BILLING_MESSAGES.country })
    .trim()
    .toUpperCase()
    .length(2, BILLING_MESSAGES.country)
    .regex(/^[A-Z]{2}$/, BILLING_MESSAGES.country),
  billingEmail: required(BILLING_MESSAGES.email, 255, BILLING_MESSAGES.emailMax).pipe(
    z.email(BILLING_MESSAGES.emailInvalid),
  ),
  billingPhone: required(BILLING_MESSAGES.phone, 20, BILLING_MESSAGES.phoneMax),
});
export type BillingInformationInput = z.input<typeof billingInformationBody>;
export type BillingInformation = z.output<typeof billingInformationBody>;

// ── Card payments: what the browser needs ─────────────────────────────────────

export const PAYMENT_PROVIDERS = ['offline', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** Part of GET /config and the index.html data block: which card field the browser shows. */
export const paymentsClientConfig = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Stripe's publishable key (provider 'stripe'), else null. */
  stripePublishableKey: z.string().nullable(),
  /** The test card number shown outside production (spec 3 §9), else null. */
  testCardNumber: z.string().nullable(),
});
export type PaymentsClientConfig = z.infer<typeof paymentsClientConfig>;

/**
 * The documented Stripe test cards the offline provider knows (no configuration needed). The
 * browser's offline card field turns a number into its Stripe test token (`offlineCardToken`);
 * Stripe in test mode accepts the same tokens. 'decline' refuses the card when it is saved;
 * 'chargeFail' saves it but declines every charge (Stripe's tok_chargeCustomerFail).
 */
export const OFFLINE_TEST_CARDS = [
  { number: '4242424242424242', token: 'tok_visa', brand: 'Visa', outcome: 'ok' },
  { number: '5555555555554444', token: 'tok_mastercard', brand: 'Mastercard', outcome: 'ok' },
  { number: '378282246310005', token: 'tok_amex', brand: 'American Express', outcome: 'ok' },
  { number: '4000000000000002', token: 'tok_chargeDeclined', brand: 'Visa', outcome: 'decline' },
  { number: '4000000000000341', token: 'tok_chargeCustomerFail', brand: 'Visa', outcome: 'chargeFail' },
] as const;
export type OfflineTestCard = (typeof OFFLINE_TEST_CARDS)[number];

/** The test card shown outside production. */
export const TEST_CARD_NUMBER = '4242 4242 4242 4242';

/** The offline card field's tokeniser: the test token of a documented test card, else null. */
export function offlineCardToken(cardNumber: string): string | null {
  const digits = cardNumber.replace(/[\s-]/g, '');
  return OFFLINE_TEST_CARDS.find((card) => card.number === digits)?.token ?? null;
}

/** The answer of GET and PUT /accounts/billingInformation: the account's stored billing fields. */
export const billingInformationSchema = accountSchema.pick({
  billingContactName: true,
  billingAddressLine1: true,
  billingAddressLine2: true,
  billingAddressCity: true,
  billingAddressState: true,
  billingAddressPostalCode: true,
  billingAddressCountryCode: true,
  billingEmail: true,
  billingPhone: true,
});
export type BillingInformationAnswer = z.infer<typeof billingInformationSchema>;

// ── Receipts ──────────────────────────────────────────────────────────────────

export const RECEIPT_KINDS = ['subscribe', 'change', 'renewal'] as const;

/** One receipt of GET /subscriptions2/receipts: a paid charge (money in cents, dates ISO strings). */
export const receiptSchema = z.object({
  id: z.string(),
  /** Numbered per company from 1. */
  number: z.number().int(),
  kind: z.enum(RECEIPT_KINDS),
  paidAt: z.string(),
  /** Before tax. */
  amount: z.number().int(),
  tax: z.number().int(),
  periodType: z.enum(PERIOD_TYPES),
  periodStart: z.string(),
  periodEnd: z.string(),
  concurrentUserCount: z.number().int(),
  cardLast4: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;
