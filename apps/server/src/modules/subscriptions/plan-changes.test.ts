import type { Subscription } from '@blotter/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { accounts, auditEntries, subscriptionPayments } from '../../db/schema/index';
import type { offlinePayments } from '../../platform/payments';
import { addPeriod } from './plans';
import { createRenewalJob, type RenewalJob } from './renewal-job';

/**
 * Plan changes never charge twice (issue 26): monthly plans of 4,900¢ for 5 users plus 2,500¢ per
 * 10 more (105 users 29,900¢, 205 users 54,900¢), no tax. A period just bought is all unused, so an
 * upgrade in it pays the whole difference to the cent.
 */

let t: TestContext;
let gateway: ReturnType<typeof offlinePayments>;
let renewals: RenewalJob;

beforeAll(async () => {
  t = await createTestContext();
  gateway = t.app.payments as ReturnType<typeof offlinePayments>;
  renewals = createRenewalJob(t.database, gateway, { retryHours: 24, graceDays: 14 }, (error) => {
    throw error;
  });
});
afterAll(() => t.close());

interface Customer {
  company: TestCompany;
  headers: Record<string, string>;
}

async function customer(): Promise<Customer> {
  const company = await t.createCompany();
  const headers = await t.signIn(company.admin);
  const card = await t.inject({
    method: 'POST',
    url: '/api/payments/methods',
    headers,
    payload: { token: 'tok_visa', email: 'billing@example.com' },
  });
  expect(card.statusCode).toBe(200);
  return { company, headers };
}

/** Ends the company's free trial (as the trial job finds it), so a plan is charged at once. */
const endTrial = (accountId: string) =>
  t.database.system((tx) =>
    tx.update(accounts).set({ trialExpiryDate: sql`now() - interval '1 hour'` }).where(eq(accounts.id, accountId)),
  );

async function choose(c: Customer, concurrentUserCount: number, periodType = 'MONTH'): Promise<Subscription> {
  const answer = await t.inject({
    method: 'POST',
    url: '/api/subscriptions2',
    headers: c.headers,
    payload: { periodType, concurrentUserCount },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Subscription>();
}

const charged = (c: Customer) =>
  gateway.charges.filter((charge) => charge.metadata.accountId === c.company.accountId).map((x) => x.amountCents);

const seatsInForce = async (c: Customer) => {
  const [row] = await t.database.system((tx) => tx.select().from(accounts).where(eq(accounts.id, c.company.accountId)));
  if (!row) throw new Error('no account');
  return row;
};

/** Moves the running period so that `unusedPart` of it is left now, as the service measures it. */
async function periodLeft(c: Customer, unusedPart: number) {
  const now = Date.now();
  let moved = new Date(now + 15 * 86_400_000);
  // A month's length depends on its end: settle the end whose month puts `unusedPart` of it ahead.
  for (let i = 0; i < 3; i++) {
    const length = moved.getTime() - addPeriod(moved, 'MONTH', -1).getTime();
    moved = new Date(now + Math.round(length * unusedPart));
  }
  await t.database.system((tx) =>
    tx
      .update(accounts)
      .set({ subscriptionValidDate: moved, nextChargeDate: moved })
      .where(eq(accounts.id, c.company.accountId)),
  );
}

async function makeDue(c: Customer) {
  await t.database.system((tx) =>
    tx
      .update(accounts)
      .set({
        nextChargeDate: sql`now() - interval '1 minute'`,
        subscriptionValidDate: sql`now() - interval '1 minute'`,
      })
      .where(eq(accounts.id, c.company.accountId)),
  );
  expect(await renewals.renewAccount(c.company.accountId)).toBe('renewed');
}

describe('changing a monthly plan', () => {
  it('up: 5 → 205 users pays the difference for the rest of the period, the seats at once', async () => {
    const c = await customer();
    await endTrial(c.company.accountId);
    await choose(c, 5);
    const up = await choose(c, 205);
    expect(charged(c)).toEqual([4_900, 50_000]);
    expect(up).toMatchObject({ concurrentUserCount: 205, amount: 54_900, pendingChange: null });
    expect((await seatsInForce(c)).concurrentUserCount).toBe(205);
  });

  it('down: 205 → 5 users charges nothing, keeps 205 seats until the renewal, which charges 5 users', async () => {
    const c = await customer();
    await endTrial(c.company.accountId);
    const bought = await choose(c, 205);
    const down = await choose(c, 5);
    expect(charged(c)).toEqual([54_900]);
    expect(down).toMatchObject({
      concurrentUserCount: 205,
      amount: 54_900,
      nextChargeDate: bought.subscriptionValidDate,
      subscriptionValidDate: bought.subscriptionValidDate,
      pendingChange: {
        periodType: 'MONTH',
        concurrentUserCount: 5,
        amount: 4_900,
        taxPercent: 0,
        effectiveDate: bought.subscriptionValidDate,
      },
    });
    expect((await seatsInForce(c)).concurrentUserCount).toBe(205);
    const audit = await t.database.system((tx) =>
      tx.select().from(auditEntries).where(eq(auditEntries.accountId, c.company.accountId)),
    );
    expect(audit.at(-1)?.objectData).toMatchObject({
      concurrentUserCount: 5,
      chargedCents: 0,
      effectiveDate: bought.subscriptionValidDate,
    });

    await makeDue(c);
    expect(charged(c)).toEqual([54_900, 4_900]);
    const renewed = await seatsInForce(c);
    expect(renewed).toMatchObject({ concurrentUserCount: 5, amountCents: 4_900, pendingAmountCents: null });
  });

  it('up and down: 5 → 205 → 5 → 205 users charges the 200 more users once', async () => {
    const c = await customer();
    await endTrial(c.company.accountId);
    await choose(c, 5);
    await choose(c, 205);
    const down = await choose(c, 5);
    expect(down.pendingChange?.concurrentUserCount).toBe(5);
    const upAgain = await choose(c, 205);
    expect(charged(c)).toEqual([4_900, 50_000]);
    expect(upAgain).toMatchObject({ concurrentUserCount: 205, amount: 54_900, pendingChange: null });
    expect((await seatsInForce(c)).concurrentUserCount).toBe(205);
    const payments = await t.database.system((tx) =>
      tx.select().from(subscriptionPayments).where(eq(subscriptionPayments.accountId, c.company.accountId)),
    );
    expect(payments.map((p) => [p.kind, p.amountCents, p.status])).toEqual([
      ['subscribe', 4_900, 'paid'],
      ['change', 50_000, 'paid'],
    ]);
  });

  it('up within one period: each step pays only its own difference, prorated to what is left', async () => {
    const c = await customer();
    await endTrial(c.company.accountId);
    await choose(c, 5);
    await choose(c, 105);
    await periodLeft(c, 0.5);
    const second = await choose(c, 205);
    // 105 → 205 users is 25,000¢ a month; half the month is left.
    expect(charged(c)).toEqual([4_900, 25_000, 12_500]);
    expect(second).toMatchObject({ concurrentUserCount: 205, amount: 54_900 });
    // Down to 105 and up to 155 (42,400¢): still only the difference over 205 users' price, so nothing.
    expect((await choose(c, 105)).concurrentUserCount).toBe(205);
    const back = await choose(c, 155);
    expect(back).toMatchObject({ concurrentUserCount: 205, pendingChange: { concurrentUserCount: 155 } });
    expect(charged(c)).toEqual([4_900, 25_000, 12_500]);
  });

  it('down then cancel the pending change: the renewal charges the plan in force', async () => {
    const c = await customer();
    await endTrial(c.company.accountId);
    await choose(c, 105);
    await choose(c, 5);
    const cancel = await t.inject({ method: 'DELETE', url: '/api/subscriptions2/pendingChange', headers: c.headers });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json<Subscription>()).toMatchObject({ concurrentUserCount: 105, pendingChange: null });
    const again = await t.inject({ method: 'DELETE', url: '/api/subscriptions2/pendingChange', headers: c.headers });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('There is no pending plan change to cancel.');
    await makeDue(c);
    expect(charged(c)).toEqual([29_900, 29_900]);
    expect(await seatsInForce(c)).toMatchObject({ concurrentUserCount: 105, amountCents: 29_900 });
  });

  it('a yearly plan from a monthly one starts now, credited with the unused month', async () => {
    const c = await customer();
    await endTrial(c.company.accountId);
    await choose(c, 5);
    await periodLeft(c, 0.5);
    const yearly = await choose(c, 5, 'YEAR');
    // 49,000¢ a year less half of the 4,900¢ month.
    expect(charged(c)).toEqual([4_900, 46_550]);
    expect(yearly).toMatchObject({ periodType: 'YEAR', concurrentUserCount: 5, amount: 49_000 });
    // Back to monthly while the year's credit covers a month: it waits for the renewal.
    const monthly = await choose(c, 5, 'MONTH');
    expect(monthly).toMatchObject({ periodType: 'YEAR', pendingChange: { periodType: 'MONTH', amount: 4_900 } });
    expect(charged(c)).toHaveLength(2);
  });
});

describe('subscribing during the free trial', () => {
  it('charges nothing until the trial ends; the renewal job charges then and the period starts at the trial end', async () => {
    const c = await customer();
    const trialEnds = new Date(Date.now() + 10 * 86_400_000);
    await t.database.system((tx) =>
      tx.update(accounts).set({ trialExpiryDate: trialEnds }).where(eq(accounts.id, c.company.accountId)),
    );
    const chosen = await choose(c, 105);
    expect(charged(c)).toEqual([]);
    expect(chosen).toMatchObject({
      subscriptionType: 'paid',
      trial: false,
      concurrentUserCount: 105,
      amount: 29_900,
      firstChargeDate: trialEnds.toISOString(),
      nextChargeDate: trialEnds.toISOString(),
      subscriptionValidDate: trialEnds.toISOString(),
      pendingChange: null,
    });
    // Another choice before the trial ends is still free: it replaces the plan.
    const changed = await choose(c, 205);
    expect(changed).toMatchObject({
      concurrentUserCount: 205,
      amount: 54_900,
      firstChargeDate: trialEnds.toISOString(),
    });
    expect(charged(c)).toEqual([]);
    expect((await seatsInForce(c)).concurrentUserCount).toBe(205);
    expect(await renewals.renewAccount(c.company.accountId)).toBe('none');

    // The trial ends: the job charges the first month from that moment.
    const ended = new Date(Date.now() - 60_000);
    await t.database.system((tx) =>
      tx
        .update(accounts)
        .set({ trialExpiryDate: ended, firstChargeDate: ended, nextChargeDate: ended, subscriptionValidDate: ended })
        .where(eq(accounts.id, c.company.accountId)),
    );
    expect((await renewals.check()).renewed).toBeGreaterThanOrEqual(1);
    expect(charged(c)).toEqual([54_900]);
    const [payment] = await t.database.system((tx) =>
      tx.select().from(subscriptionPayments).where(eq(subscriptionPayments.accountId, c.company.accountId)),
    );
    expect(payment?.periodStart.getTime()).toBe(ended.getTime());
    expect(payment?.periodEnd.getTime()).toBe(addPeriod(ended, 'MONTH').getTime());
    expect(await seatsInForce(c)).toMatchObject({
      concurrentUserCount: 205,
      firstChargeDate: null,
      subscriptionValidDate: addPeriod(ended, 'MONTH'),
      active: true,
    });
  });
});
