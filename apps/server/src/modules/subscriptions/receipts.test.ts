import type { Page, Receipt } from '@blotter/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfWords } from '../../../test/pdf-text';
import { startSmtpCapture } from '../../../test/smtp-capture';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { accounts, subscriptionReceipts } from '../../db/schema/index';
import { createJobRunner } from '../../job-registry';
import type { JobRunner } from '../../platform/jobs/index';
import { createMailer } from '../../platform/mail';
import type { offlinePayments } from '../../platform/payments';
import { createRenewalJob } from './renewal-job';

/** Receipts (issue 26): one per charge, emailed to the billing address, listed, printed, private. */

let t: TestContext;
let gateway: ReturnType<typeof offlinePayments>;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let mailJobs: JobRunner;

beforeAll(async () => {
  t = await createTestContext({
    config: {
      payments: {
        stripe: undefined,
        plans: {
          monthly: { defaultAmount: 4_900, additionalAmount: 2_500 },
          yearly: { defaultAmount: 49_000, additionalAmount: 25_000 },
        },
        taxPercent: 10,
        promotionCodes: {},
        renewal: { checkIntervalSeconds: 3600, retryHours: 24, graceDays: 14 },
      },
    },
  });
  gateway = t.app.payments as ReturnType<typeof offlinePayments>;
  smtp = await startSmtpCapture();
  mailJobs = createJobRunner(
    t.database,
    createMailer({ smtpUrl: smtp.url, from: 'blotter@test.example', dir: '' }),
    () => undefined,
    { scope: t.jobScope },
  );
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});

const billing = {
  billingContactName: 'Pat Payer',
  billingAddressLine1: '1 Main St',
  billingAddressLine2: 'Suite 400',
  billingAddressCity: 'Denver',
  billingAddressState: 'CO',
  billingAddressPostalCode: '80202',
  billingAddressCountryCode: 'US',
  billingEmail: 'receipts@payer.example',
  billingPhone: '303-555-0100',
};

/** A company past its trial with its billing details and a card, subscribed monthly for 5 users. */
async function paying(): Promise<{ company: TestCompany; name: string; headers: Record<string, string> }> {
  const name = `Receipts ${Math.random().toString(36).slice(2, 8)}`;
  const company = await t.createCompany({ name });
  const headers = await t.signIn(company.admin);
  await t.database.system((tx) =>
    tx
      .update(accounts)
      .set({ trialExpiryDate: sql`now() - interval '1 hour'` })
      .where(eq(accounts.id, company.accountId)),
  );
  const put = await t.inject({ method: 'PUT', url: '/api/accounts/billingInformation', headers, payload: billing });
  expect(put.statusCode).toBe(200);
  const card = await t.inject({
    method: 'POST',
    url: '/api/payments/methods',
    headers,
    payload: { token: 'tok_visa', email: billing.billingEmail },
  });
  expect(card.statusCode).toBe(200);
  const plan = { periodType: 'MONTH', concurrentUserCount: 5 };
  const bought = await t.inject({ method: 'POST', url: '/api/subscriptions2', headers, payload: plan });
  expect(bought.statusCode).toBe(200);
  return { company, name, headers };
}

const receiptsOf = async (headers: Record<string, string>, query = '') => {
  const answer = await t.inject({ method: 'GET', url: `/api/subscriptions2/receipts${query}`, headers });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Page<Receipt>>();
};

describe('receipts', () => {
  it('one receipt per charge, each emailed to the billing address with its fields', async () => {
    const { company, name, headers } = await paying();
    // Up to 105 users (the prorated difference), down to 5 (no charge), then the renewal.
    await t.inject({
      method: 'POST',
      url: '/api/subscriptions2',
      headers,
      payload: { periodType: 'MONTH', concurrentUserCount: 105 },
    });
    await t.inject({
      method: 'POST',
      url: '/api/subscriptions2',
      headers,
      payload: { periodType: 'MONTH', concurrentUserCount: 5 },
    });
    await t.database.system((tx) =>
      tx
        .update(accounts)
        .set({
          nextChargeDate: sql`now() - interval '1 minute'`,
          subscriptionValidDate: sql`now() - interval '1 minute'`,
        })
        .where(eq(accounts.id, company.accountId)),
    );
    const renewals = createRenewalJob(t.database, gateway, { retryHours: 24, graceDays: 14 }, (error) => {
      throw error;
    });
    expect(await renewals.renewAccount(company.accountId)).toBe('renewed');
    const charges = gateway.charges.filter((c) => c.metadata.accountId === company.accountId).map((c) => c.amountCents);
    // 4,900 + 10% tax; 25,000 + 10%; the renewal at 5 users, 4,900 + 10%.
    expect(charges).toEqual([5_390, 27_500, 5_390]);

    const list = await receiptsOf(headers);
    expect(list.total).toBe(3);
    expect(list.items.map((r) => [r.number, r.kind, r.amount, r.tax, r.concurrentUserCount, r.cardLast4])).toEqual([
      [3, 'renewal', 4_900, 490, 5, '4242'],
      [2, 'change', 25_000, 2_500, 105, '4242'],
      [1, 'subscribe', 4_900, 490, 5, '4242'],
    ]);

    await mailJobs.runDue();
    const mails = smtp.received.filter((m) => m.to === billing.billingEmail);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Blotter receipt #1',
      'Blotter receipt #2',
      'Blotter receipt #3',
    ]);
    const second = mails.find((m) => m.subject === 'Blotter receipt #2');
    for (const line of [
      'Amount: $250.00',
      'Tax: $25.00',
      'Total charged: $275.00',
      'Concurrent users: 105',
      'Card: Card ending in 4242',
      `Company: ${name}`,
      'Contact: Pat Payer',
      'Billing address: 1 Main St, Suite 400, Denver, CO 80202, US',
    ]) {
      expect(second?.text).toContain(line);
    }
    expect(second?.text).toMatch(/Period: \d\d\/\d\d\/\d{4} to \d\d\/\d\d\/\d{4}/);
  });

  it("goes to the card's email while the company has no billing email", async () => {
    const company = await t.createCompany();
    const headers = await t.signIn(company.admin);
    await t.database.system((tx) =>
      tx
        .update(accounts)
        .set({ billingEmail: '', trialExpiryDate: sql`now() - interval '1 hour'` })
        .where(eq(accounts.id, company.accountId)),
    );
    const payload = { token: 'tok_visa', email: 'card-holder@payer.example' };
    expect((await t.inject({ method: 'POST', url: '/api/payments/methods', headers, payload })).statusCode).toBe(200);
    const plan = { periodType: 'MONTH', concurrentUserCount: 5 };
    expect((await t.inject({ method: 'POST', url: '/api/subscriptions2', headers, payload: plan })).statusCode).toBe(
      200,
    );
    await mailJobs.runDue();
    const mail = smtp.received.find((m) => m.to === 'card-holder@payer.example');
    expect(mail?.subject).toBe('Blotter receipt #1');
    expect(mail?.text).toContain('Total charged: $53.90');
  });

  it('pages on the server and prints a receipt as a PDF', async () => {
    const { name, headers } = await paying();
    await t.inject({
      method: 'POST',
      url: '/api/subscriptions2',
      headers,
      payload: { periodType: 'YEAR', concurrentUserCount: 5 },
    });
    const first = await receiptsOf(headers, '?p=0&psz=1');
    expect(first).toMatchObject({ total: 2, page: 0, pageSize: 1 });
    expect(first.items.map((r) => r.number)).toEqual([2]);
    const second = await receiptsOf(headers, '?p=1&psz=1');
    expect(second.items.map((r) => r.number)).toEqual([1]);
    const bad = await t.inject({ method: 'GET', url: '/api/subscriptions2/receipts?psz=0', headers });
    expect(bad.statusCode).toBe(400);

    const id = first.items[0]?.id ?? '';
    const pdf = await t.inject({ method: 'GET', url: `/api/subscriptions2/receipts/${id}/pdf`, headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="receipt-2.pdf"');
    const words = await pdfWords(pdf.rawPayload);
    for (const text of ['Blotter receipt #2', name, 'Pat Payer', 'Denver', 'Card ending in 4242', 'Yearly']) {
      expect(words).toContain(text);
    }
    // 49,000 less the unused month's credit (4,900), 10% tax on it.
    expect(words).toContain('$441.00');
    expect(words).toContain('$44.10');
  });

  it("is 404 for another company's receipt and for an unknown id; 403 without SUBSCRIPTION_EDIT", async () => {
    const { headers } = await paying();
    const [receipt] = (await receiptsOf(headers)).items;
    const other = await t.createCompany();
    const otherHeaders = await t.signIn(other.admin);
    const foreign = await t.inject({
      method: 'GET',
      url: `/api/subscriptions2/receipts/${receipt?.id}/pdf`,
      headers: otherHeaders,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await receiptsOf(otherHeaders)).total).toBe(0);
    const unknown = await t.inject({
      method: 'GET',
      url: `/api/subscriptions2/receipts/${crypto.randomUUID()}/pdf`,
      headers,
    });
    expect(unknown.statusCode).toBe(404);
    const staff = await t.signIn(other.staff);
    for (const url of ['/api/subscriptions2/receipts', `/api/subscriptions2/receipts/${receipt?.id}/pdf`]) {
      expect((await t.inject({ method: 'GET', url, headers: staff })).statusCode).toBe(403);
      expect((await t.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const stored = await t.database.system((tx) =>
      tx
        .select({ id: subscriptionReceipts.id })
        .from(subscriptionReceipts)
        .where(eq(subscriptionReceipts.id, receipt?.id ?? '')),
    );
    expect(stored).toHaveLength(1);
  });
});
