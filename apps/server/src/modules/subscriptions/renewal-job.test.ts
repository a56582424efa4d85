import type { Notification } from '@blotter/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { accounts, auditEntries, subscriptionPayments } from '../../db/schema/index';
import type { offlinePayments, PaymentGateway } from '../../platform/payments';
import { createRenewalJob, type RenewalJob } from './renewal-job';

/** Renewals (issue 15 item 6): charged when due, declines retried with a banner, grace, cancellation. */

let t: TestContext;
let gateway: ReturnType<typeof offlinePayments>;
let job: RenewalJob;
const options = { retryHours: 24, graceDays: 14 };

beforeAll(async () => {
  t = await createTestContext();
  gateway = t.app.payments as ReturnType<typeof offlinePayments>;
  job = createRenewalJob(t.database, gateway, options, (error) => {
    throw error;
  });
});
afterAll(() => t.close());

const saveCard = (headers: Record<string, string>, token: string) =>
  t.inject({ method: 'POST', url: '/api/payments/methods', headers, payload: { token, email: 'billing@example.com' } });

/** A company on the monthly plan for 15 users, bought through the API. */
async function subscribed(): Promise<{ company: TestCompany; headers: Record<string, string> }> {
  const company = await t.createCompany();
  const headers = await t.signIn(company.admin);
  expect((await saveCard(headers, 'tok_visa')).statusCode).toBe(200);
  const answer = await t.inject({
    method: 'POST',
    url: '/api/subscriptions2',
    headers,
    payload: { periodType: 'MONTH', concurrentUserCount: 15 },
  });
  expect(answer.statusCode).toBe(200);
  return { company, headers };
}

const accountOf = async (accountId: string) => {
  const [row] = await t.database.system((tx) => tx.select().from(accounts).where(eq(accounts.id, accountId)));
  if (!row) throw new Error('no account');
  return row;
};
const dueNow = (accountId: string) =>
  t.database.system((tx) =>
    tx
      .update(accounts)
      .set({ nextChargeDate: sql`now() - interval '1 hour'`, subscriptionValidDate: sql`now() - interval '1 hour'` })
      .where(eq(accounts.id, accountId)),
  );
const renewalsOf = (accountId: string) =>
  t.database.system((tx) =>
    tx
      .select()
      .from(subscriptionPayments)
      .where(and(eq(subscriptionPayments.accountId, accountId), eq(subscriptionPayments.kind, 'renewal')))
      .orderBy(subscriptionPayments.createdAt),
  );
const chargesOf = (accountId: string) => gateway.charges.filter((c) => c.metadata.accountId === accountId);
const bannersOf = async (headers: Record<string, string>) =>
  (await t.inject({ method: 'GET', url: '/api/notifications', headers }))
    .json<Notification[]>()
    .map((n) => [n.notificationType, n.userDismissAvailable]);

describe('the renewal job', () => {
  it('charges a due renewal once and moves the dates a period on', async () => {
    const { company } = await subscribed();
    await dueNow(company.accountId);
    const due = (await accountOf(company.accountId)).nextChargeDate ?? new Date();
    expect((await job.check()).renewed).toBeGreaterThanOrEqual(1);
    await job.check();
    const row = await accountOf(company.accountId);
    const expected = new Date(due);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(row.nextChargeDate?.getTime()).toBe(expected.getTime());
    expect(row.subscriptionValidDate?.getTime()).toBe(expected.getTime());
    expect(chargesOf(company.accountId).map((c) => c.amountCents)).toEqual([7400, 7400]);
    const [renewal, ...more] = await renewalsOf(company.accountId);
    expect(more).toEqual([]);
    expect(renewal).toMatchObject({ status: 'paid', amountCents: 7400, periodType: 'MONTH' });
    expect(renewal?.idempotencyKey).toBe(`renewal:${company.accountId}:${due.toISOString()}:1`);
    const audit = await t.database.system((tx) =>
      tx
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.accountId, company.accountId), eq(auditEntries.transactionType, 'RENEW'))),
    );
    expect(audit).toEqual([expect.objectContaining({ objectType: 'SUBSCRIPTION', createUserName: 'System' })]);
  });

  it('on a decline raises PAYMENT_ERROR for everyone, retries later, and recovers with a new card', async () => {
    const { company, headers } = await subscribed();
    expect((await saveCard(headers, 'tok_chargeCustomerFail')).json()).toEqual({ cardNumber: '0341' });
    await dueNow(company.accountId);
    await job.check();
    const failed = await accountOf(company.accountId);
    expect(failed.paymentError).not.toBeNull();
    expect(failed.active).toBe(true);
    const staff = await t.signIn(company.staff);
    expect(await bannersOf(staff)).toEqual([['PAYMENT_ERROR', false]]);
    expect((await renewalsOf(company.accountId)).map((p) => p.status)).toEqual(['failed']);

    // Not again before the retry wait; then a second attempt with a new key.
    await job.check();
    expect(await renewalsOf(company.accountId)).toHaveLength(1);
    await t.database.system((tx) =>
      tx
        .update(subscriptionPayments)
        .set({ createdAt: sql`now() - interval '25 hours'` })
        .where(eq(subscriptionPayments.accountId, company.accountId)),
    );
    await job.check();
    const attempts = await renewalsOf(company.accountId);
    expect(attempts.map((p) => [p.status, p.idempotencyKey.at(-1)])).toEqual([
      ['failed', '1'],
      ['failed', '2'],
    ]);
    expect(await bannersOf(staff)).toEqual([['PAYMENT_ERROR', false]]);

    // A new card charges at once and ends the payment error.
    expect((await saveCard(headers, 'tok_mastercard')).json()).toEqual({ cardNumber: '4444' });
    const recovered = await accountOf(company.accountId);
    expect(recovered.paymentError).toBeNull();
    expect(recovered.nextChargeDate?.getTime()).toBeGreaterThan(Date.now());
    expect((await renewalsOf(company.accountId)).map((p) => p.status)).toEqual(['failed', 'failed', 'paid']);
    expect(await bannersOf(staff)).toEqual([]);
  });

  it('disables the account after the grace period, and a paid renewal enables it again', async () => {
    const { company, headers } = await subscribed();
    await saveCard(headers, 'tok_chargeCustomerFail');
    await dueNow(company.accountId);
    await job.check();
    await t.database.system((tx) =>
      tx
        .update(accounts)
        .set({ paymentError: new Date(Date.now() - 15 * 86_400_000).toISOString() })
        .where(eq(accounts.id, company.accountId)),
    );
    expect((await job.check()).disabled).toBeGreaterThanOrEqual(1);
    expect((await accountOf(company.accountId)).active).toBe(false);
    expect(await bannersOf(headers)).toEqual([
      ['PAYMENT_ERROR', false],
      ['ACCOUNT_DISABLED', false],
    ]);
    await saveCard(headers, 'tok_visa');
    expect((await accountOf(company.accountId)).active).toBe(true);
    expect(await bannersOf(headers)).toEqual([]);
  });

  it('ends a cancelled subscription at its valid date', async () => {
    const { company, headers } = await subscribed();
    expect((await t.inject({ method: 'DELETE', url: '/api/subscriptions2', headers })).statusCode).toBe(200);
    await job.check();
    expect((await accountOf(company.accountId)).active).toBe(true);
    await t.database.system((tx) =>
      tx
        .update(accounts)
        .set({ subscriptionValidDate: sql`now() - interval '1 minute'` })
        .where(eq(accounts.id, company.accountId)),
    );
    expect((await job.check()).ended).toBeGreaterThanOrEqual(1);
    expect((await accountOf(company.accountId)).active).toBe(false);
    expect(await bannersOf(headers)).toEqual([['ACCOUNT_DISABLED', false]]);
    expect(chargesOf(company.accountId)).toHaveLength(1);
  });

  it('charges once when the job is killed after the charge and run again', async () => {
    const { company } = await subscribed();
    await dueNow(company.accountId);
    const killed: PaymentGateway = {
      provider: gateway.provider,
      saveCard: gateway.saveCard,
      async charge(request) {
        await gateway.charge(request);
        throw new Error('killed before the outcome was stored');
      },
    };
    const errors: unknown[] = [];
    await createRenewalJob(t.database, killed, options, (error) => errors.push(error)).check();
    expect(errors).toEqual([expect.objectContaining({ message: 'killed before the outcome was stored' })]);
    expect((await renewalsOf(company.accountId)).map((p) => p.status)).toEqual(['pending']);
    expect(chargesOf(company.accountId)).toHaveLength(2);

    await job.check();
    const [renewal, ...more] = await renewalsOf(company.accountId);
    expect(more).toEqual([]);
    expect(renewal?.status).toBe('paid');
    expect(chargesOf(company.accountId)).toHaveLength(2);
    expect((await accountOf(company.accountId)).nextChargeDate?.getTime()).toBeGreaterThan(Date.now());
  });
});
