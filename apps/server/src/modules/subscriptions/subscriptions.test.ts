import type { Notification, Subscription } from '@blotter/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { accounts, auditEntries, jobs, subscriptionPayments } from '../../db/schema/index';
import type { offlinePayments } from '../../platform/payments';
import { createTrialMonitor } from '../trial/trial-monitor';

/** The subscription calls (issue 15 items 1–6, server side). */

let t: TestContext;
let gateway: ReturnType<typeof offlinePayments>;

beforeAll(async () => {
  t = await createTestContext({ config: {} });
  gateway = t.app.payments as ReturnType<typeof offlinePayments>;
});
afterAll(() => t.close());

const card = (headers: Record<string, string>, token = 'tok_visa') =>
  t.inject({ method: 'POST', url: '/api/payments/methods', headers, payload: { token, email: 'billing@example.com' } });
const subscribe = (headers: Record<string, string>, payload: object) =>
  t.inject({ method: 'POST', url: '/api/subscriptions2', headers, payload });
const current = async (headers: Record<string, string>) =>
  (await t.inject({ method: 'GET', url: '/api/subscriptions2', headers })).json<Subscription>();
const accountOf = async (accountId: string) => {
  const [row] = await t.database.system((tx) => tx.select().from(accounts).where(eq(accounts.id, accountId)));
  return row;
};
const auditOf = (accountId: string, objectType: string) =>
  t.database.system((tx) =>
    tx
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.accountId, accountId), eq(auditEntries.objectType, objectType)))
      .orderBy(auditEntries.createdAt),
  );

describe('a trial company subscribes', () => {
  let company: TestCompany;
  let headers: Record<string, string>;
  beforeAll(async () => {
    company = await t.createCompany({ concurrentUserCount: 5 });
    headers = await t.signIn(company.admin);
  });

  it('answers the trial, the plans and no card', async () => {
    expect(await current(headers)).toMatchObject({
      subscriptionType: 'trial',
      source: 'TRIAL',
      trial: true,
      cancelled: false,
      cardLast4: null,
    });
    const method = await t.inject({ method: 'GET', url: '/api/payments/methods', headers });
    expect(method.json()).toEqual({ cardNumber: null });
    const plans = await t.inject({ method: 'GET', url: '/api/subscriptions2/plans?promotionCode=nope', headers });
    expect(plans.json()).toEqual({
      monthly: { defaultAmount: 4900, additionalAmount: 2500 },
      yearly: { defaultAmount: 49_000, additionalAmount: 25_000 },
      taxRate: 0,
      promotionCode: 'NOPE',
      promotionValid: false,
    });
  });

  it('refuses a plan without a card', async () => {
    const refused = await subscribe(headers, { periodType: 'YEAR', concurrentUserCount: 25 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Please submit a payment method first.');
    expect(gateway.charges.filter((c) => c.metadata.accountId === company.accountId)).toEqual([]);
  });

  it('refuses the declining test card with the provider message and audits it', async () => {
    const declined = await card(headers, 'tok_chargeDeclined');
    expect(declined.statusCode).toBe(400);
    expect(declined.json().message).toBe('Your card was declined.');
    const unknown = await card(headers, 'tok_bogus');
    expect(unknown.json().message).toBe('Your card number is incorrect.');
    const [entry] = await auditOf(company.accountId, 'PAYMENT_METHOD');
    expect(entry?.objectData).toEqual({
      billingEmail: 'billing@example.com',
      valid: false,
      errorMessage: 'Your card was declined.',
    });
  });

  it('stores the test card, keeping only its last 4 digits', async () => {
    const saved = await card(headers);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ cardNumber: '4242' });
    expect((await t.inject({ method: 'GET', url: '/api/payments/methods', headers })).json()).toEqual({
      cardNumber: '4242',
    });
    expect((await current(headers)).cardLast4).toBe('4242');
  });

  it('re-enables an expired trial: charges the year, 25 users, removes the trial banners', async () => {
    await t.database.system((tx) =>
      tx
        .update(accounts)
        .set({ trialExpiryDate: sql`now() - interval '1 day'` })
        .where(eq(accounts.id, company.accountId)),
    );
    await createTrialMonitor(t.database, { warningDays: 7 }, () => undefined).check();
    expect((await accountOf(company.accountId))?.active).toBe(false);

    const before = Date.now();
    const answer = await subscribe(headers, { periodType: 'YEAR', concurrentUserCount: 25, promotionCode: null });
    expect(answer.statusCode).toBe(200);
    const subscription = answer.json<Subscription>();
    expect(subscription).toMatchObject({
      subscriptionType: 'paid',
      source: 'STRIPE',
      periodType: 'YEAR',
      concurrentUserCount: 25,
      amount: 99_000,
      taxPercent: 0,
      trial: false,
      cancelled: false,
      paymentError: null,
      cardLast4: '4242',
    });
    const validUntil = new Date(subscription.subscriptionValidDate ?? 0);
    expect(validUntil.getUTCFullYear()).toBe(new Date(before).getUTCFullYear() + 1);
    expect(subscription.nextChargeDate).toBe(subscription.subscriptionValidDate);
    const row = await accountOf(company.accountId);
    expect(row).toMatchObject({ active: true, concurrentUserCount: 25 });

    const charged = gateway.charges.filter((c) => c.metadata.accountId === company.accountId);
    expect(charged.map((c) => c.amountCents)).toEqual([99_000]);
    const payments = await t.database.system((tx) =>
      tx.select().from(subscriptionPayments).where(eq(subscriptionPayments.accountId, company.accountId)),
    );
    expect(payments).toEqual([
      expect.objectContaining({
        status: 'paid',
        amountCents: 99_000,
        taxCents: 0,
        kind: 'subscribe',
        periodType: 'YEAR',
      }),
    ]);
    // The paid payment's invoice is queued for QuickBooks Online in the same transaction.
    const invoices = await t.database.system((tx) =>
      tx
        .select({ payload: jobs.payload })
        .from(jobs)
        .where(and(eq(jobs.accountId, company.accountId), eq(jobs.type, 'quickbooksInvoice'))),
    );
    expect(invoices.map((job) => job.payload)).toEqual([
      expect.objectContaining({
        paymentId: payments[0]?.id,
        amountCents: 99_000,
        taxCents: 0,
        description: 'Blotter subscription (yearly, 25 users)',
      }),
    ]);

    const banners = (await t.inject({ method: 'GET', url: '/api/notifications', headers })).json<Notification[]>();
    expect(banners).toEqual([]);
    const [entry] = await auditOf(company.accountId, 'SUBSCRIPTION');
    expect(entry).toMatchObject({ transactionType: 'CREATE', createUserId: company.admin.id });
    expect(entry?.objectData).toMatchObject({
      periodType: 'YEAR',
      concurrentUserCount: 25,
      amount: '$990.00',
      cardLast4: '4242',
    });
  });

  it('charges the prorated difference when a running plan grows; a smaller plan waits for the renewal', async () => {
    const grown = await subscribe(headers, { periodType: 'YEAR', concurrentUserCount: 45 });
    expect(grown.json<Subscription>()).toMatchObject({ amount: 149_000, concurrentUserCount: 45 });
    const charged = gateway.charges.filter((c) => c.metadata.accountId === company.accountId).map((c) => c.amountCents);
    expect(charged).toHaveLength(2);
    // Almost the whole year is left: close to the full difference of 50,000 cents.
    expect(charged[1]).toBeGreaterThan(49_800);
    expect(charged[1]).toBeLessThanOrEqual(50_000);
    const shrunk = await subscribe(headers, { periodType: 'YEAR', concurrentUserCount: 15 });
    expect(shrunk.json<Subscription>()).toMatchObject({
      amount: 149_000,
      concurrentUserCount: 45,
      pendingChange: { periodType: 'YEAR', concurrentUserCount: 15, amount: 74_000 },
    });
    expect(gateway.charges.filter((c) => c.metadata.accountId === company.accountId)).toHaveLength(2);
    expect((await auditOf(company.accountId, 'SUBSCRIPTION')).map((e) => e.transactionType)).toEqual([
      'CREATE',
      'UPDATE',
      'UPDATE',
    ]);
  });

  it('cancels once, keeping the service until the valid date', async () => {
    const before = await current(headers);
    const cancelled = await t.inject({ method: 'DELETE', url: '/api/subscriptions2', headers });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<Subscription>()).toMatchObject({
      cancelled: true,
      nextChargeDate: null,
      subscriptionValidDate: before.subscriptionValidDate,
    });
    expect((await accountOf(company.accountId))?.active).toBe(true);
    const again = await t.inject({ method: 'DELETE', url: '/api/subscriptions2', headers });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('The subscription is already cancelled.');
    expect((await auditOf(company.accountId, 'SUBSCRIPTION')).at(-1)?.transactionType).toBe('CANCEL');
  });
});

describe('the server-side stepper rules', () => {
  it('a trial cannot cancel', async () => {
    const company = await t.createCompany();
    const headers = await t.signIn(company.admin);
    const refused = await t.inject({ method: 'DELETE', url: '/api/subscriptions2', headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('A free trial cannot be cancelled.');
  });

  it('a manual subscription changes only through support', async () => {
    const company = await t.createCompany();
    await t.database.system((tx) =>
      tx
        .update(accounts)
        .set({ trial: false, subscriptionType: 'manual', subscriptionSource: 'MANUAL', concurrentUserCount: 50 })
        .where(eq(accounts.id, company.accountId)),
    );
    const headers = await t.signIn(company.admin);
    expect((await card(headers)).statusCode).toBe(200);
    const changed = await subscribe(headers, { periodType: 'MONTH', concurrentUserCount: 15 });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toMatch(/contact support/);
    const cancel = await t.inject({ method: 'DELETE', url: '/api/subscriptions2', headers });
    expect(cancel.json().message).toMatch(/contact support/);
    expect(await current(headers)).toMatchObject({ subscriptionType: 'manual', concurrentUserCount: 50 });
  });

  it('an unknown promotion code is refused when buying; bad plans are 400 with the rule', async () => {
    const company = await t.createCompany();
    const headers = await t.signIn(company.admin);
    await card(headers);
    const promo = await subscribe(headers, { periodType: 'MONTH', concurrentUserCount: 5, promotionCode: 'nope' });
    expect(promo.json()).toEqual({ code: 'BAD_REQUEST', message: 'The promotion code is not valid.' });
    const users = await subscribe(headers, { periodType: 'MONTH', concurrentUserCount: 10 });
    expect(users.statusCode).toBe(400);
    expect(users.json().message).toBe('Concurrent users must be from 5 to 205 in steps of 10.');
    const period = await subscribe(headers, { periodType: 'WEEK', concurrentUserCount: 5 });
    expect(period.json().message).toBe('Please choose a monthly or yearly plan.');
  });

  it('a card that saves but declines charges leaves the trial as it was', async () => {
    const company = await t.createCompany();
    const headers = await t.signIn(company.admin);
    expect((await card(headers, 'tok_chargeCustomerFail')).json()).toEqual({ cardNumber: '0341' });
    const refused = await subscribe(headers, { periodType: 'MONTH', concurrentUserCount: 5 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Your card was declined.');
    expect(await current(headers)).toMatchObject({ subscriptionType: 'trial', trial: true });
    const payments = await t.database.system((tx) =>
      tx.select().from(subscriptionPayments).where(eq(subscriptionPayments.accountId, company.accountId)),
    );
    expect(payments.map((p) => [p.status, p.error])).toEqual([['failed', 'Your card was declined.']]);
  });
});

const valid = {
  billingContactName: 'Pat Payer',
  billingAddressLine1: '1 Main St',
  billingAddressLine2: '',
  billingAddressCity: 'Denver',
  billingAddressState: 'CO',
  billingAddressPostalCode: '80202',
  billingAddressCountryCode: 'us',
  billingEmail: 'billing@example.com',
  billingPhone: '303-555-0100',
};

describe('PUT /accounts/billingInformation', () => {
  it('stores the billing fields with an ACCOUNT entry', async () => {
    const company = await t.createCompany();
    const headers = await t.signIn(company.admin);
    const saved = await t.inject({ method: 'PUT', url: '/api/accounts/billingInformation', headers, payload: valid });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...valid, billingAddressCountryCode: 'US' });
    expect(await accountOf(company.accountId)).toMatchObject({
      billingAddressCity: 'Denver',
      billingPhone: '303-555-0100',
    });
    expect((await auditOf(company.accountId, 'ACCOUNT')).at(-1)?.transactionType).toBe('UPDATE');
  });

  it('answers the spec texts for missing fields and the limits', async () => {
    const company = await t.createCompany();
    const headers = await t.signIn(company.admin);
    const cases: [object, string][] = [
      [{ billingAddressLine1: '' }, 'Address 1 is required'],
      [{ billingAddressCity: ' ' }, 'City is required'],
      [{ billingAddressPostalCode: '' }, 'Postal code is required'],
      [{ billingAddressCountryCode: '' }, 'Country is required'],
      [{ billingEmail: '' }, 'Email is required'],
      [{ billingPhone: '' }, 'Phone is required'],
      [{ billingContactName: '' }, 'Contact Name is required'],
      [{ billingAddressPostalCode: '12345678901' }, 'Postal code cannot be greater than 10'],
      [{ billingPhone: '1'.repeat(21) }, 'Phone cannot be greater than 20'],
      [{ billingEmail: 'not-an-email' }, 'Please enter a valid email.'],
    ];
    for (const [change, message] of cases) {
      const answer = await t.inject({
        method: 'PUT',
        url: '/api/accounts/billingInformation',
        headers,
        payload: { ...valid, ...change },
      });
      expect(answer.statusCode, message).toBe(400);
      expect(answer.json().message).toBe(message);
    }
  });
});

describe('who may call', () => {
  const calls = [
    { method: 'GET', url: '/api/payments/methods' },
    { method: 'POST', url: '/api/payments/methods', payload: { token: 'tok_visa', email: 'b@example.com' } },
    { method: 'GET', url: '/api/subscriptions2' },
    { method: 'GET', url: '/api/subscriptions2/plans' },
    { method: 'POST', url: '/api/subscriptions2', payload: { periodType: 'MONTH', concurrentUserCount: 5 } },
    { method: 'DELETE', url: '/api/subscriptions2' },
    { method: 'DELETE', url: '/api/subscriptions2/pendingChange' },
    { method: 'GET', url: '/api/subscriptions2/receipts' },
    { method: 'GET', url: '/api/accounts/billingInformation' },
    { method: 'PUT', url: '/api/accounts/billingInformation', payload: valid },
  ] as const;

  it('is 401 without a session and 403 without SUBSCRIPTION_EDIT', async () => {
    const company = await t.createCompany();
    const staff = await t.signIn(company.staff);
    for (const call of calls) {
      const anonymous = await t.inject({ ...call });
      expect(anonymous.statusCode, `${call.method} ${call.url}`).toBe(401);
      const refused = await t.inject({ ...call, headers: staff });
      expect(refused.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
    expect((await accountOf(company.accountId))?.cardLast4).toBeNull();
  });

  it('a SUBSCRIPTION_EDIT holder acts on their own company only', async () => {
    const company = await t.createCompany();
    const other = await t.createCompany();
    const holder = await t.createUser(company.accountId, { privileges: ['SUBSCRIPTION_EDIT'] });
    const headers = await t.signIn(holder);
    expect((await card(headers)).statusCode).toBe(200);
    expect((await subscribe(headers, { periodType: 'MONTH', concurrentUserCount: 15 })).statusCode).toBe(200);
    expect((await accountOf(company.accountId))?.concurrentUserCount).toBe(15);
    expect(await accountOf(other.accountId)).toMatchObject({ subscriptionType: 'trial', cardLast4: null });
    const otherHeaders = await t.signIn(other.admin);
    expect((await t.inject({ method: 'GET', url: '/api/payments/methods', headers: otherHeaders })).json()).toEqual({
      cardNumber: null,
    });
  });

  it('a SUBSCRIPTION_EDIT holder without ACCOUNT_ADMIN reads the stored billing fields it edits', async () => {
    const company = await t.createCompany();
    const holder = await t.createUser(company.accountId, { privileges: ['SUBSCRIPTION_EDIT'] });
    const headers = await t.signIn(holder);
    expect((await t.inject({ method: 'GET', url: '/api/accounts', headers })).statusCode).toBe(403);
    const saved = await t.inject({ method: 'PUT', url: '/api/accounts/billingInformation', headers, payload: valid });
    expect(saved.statusCode).toBe(200);
    const read = await t.inject({ method: 'GET', url: '/api/accounts/billingInformation', headers });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ ...valid, billingAddressCountryCode: 'US' });
  });
});
