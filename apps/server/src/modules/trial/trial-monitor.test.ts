import type { Notification } from '@blotter/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { accounts, auditEntries, lookups, notifications } from '../../db/schema/index';
import { createTrialMonitor, type TrialMonitor } from './trial-monitor';

/** The trial's life (issue 14 item 3): the warning in its last days, then a disabled account. */

let t: TestContext;
let monitor: TrialMonitor;

/** A company whose trial ends `days` from now (negative: already ended). */
async function trialEndingIn(days: number, dateFormat = 1): Promise<TestCompany> {
  const company = await t.createCompany();
  await t.database.system((tx) =>
    tx
      .update(accounts)
      .set({
        trial: true,
        dateFormat,
        trialExpiryDate: sql`now() + make_interval(secs => ${Math.round(days * 86_400)})`,
      })
      .where(eq(accounts.id, company.accountId)),
  );
  return company;
}

const bannersOf = (accountId: string) =>
  t.database.system((tx) =>
    tx.select().from(notifications).where(eq(notifications.accountId, accountId)).orderBy(notifications.createdAt),
  );

const accountOf = async (accountId: string) => {
  const [row] = await t.database.system((tx) => tx.select().from(accounts).where(eq(accounts.id, accountId)));
  return row;
};

beforeAll(async () => {
  t = await createTestContext();
  monitor = createTrialMonitor(t.database, { warningDays: 7 }, (error) => {
    throw error;
  });
});
afterAll(() => t.close());

describe('the trial job', () => {
  it('warns a trial in its last days once, however often it runs', async () => {
    const ending = await trialEndingIn(3);
    const later = await trialEndingIn(20);
    await monitor.check();
    await monitor.check();
    const [warning, ...more] = await bannersOf(ending.accountId);
    expect(more).toEqual([]);
    const expiry = (await accountOf(ending.accountId))?.trialExpiryDate ?? new Date();
    const mm = String(expiry.getUTCMonth() + 1).padStart(2, '0');
    const dd = String(expiry.getUTCDate()).padStart(2, '0');
    expect(warning).toMatchObject({
      message: `Free trial expiring on ${mm}/${dd}/${expiry.getUTCFullYear()}. Subscribe to keep using Blotter.`,
      notificationType: 'GENERAL',
      level: 'WARNING',
      userDismissAvailable: true,
      dismissed: false,
    });
    expect(await bannersOf(later.accountId)).toEqual([]);
    expect((await accountOf(ending.accountId))?.active).toBe(true);

    const headers = await t.signIn(ending.staff);
    const listed = await t.inject({ method: 'GET', url: '/api/notifications', headers });
    expect(listed.json<Notification[]>().map((n) => n.message)).toEqual([warning?.message]);
  });

  it('writes the date in the company format', async () => {
    const ending = await trialEndingIn(2, 0);
    await monitor.check();
    const [warning] = await bannersOf(ending.accountId);
    expect(warning?.message).toMatch(/^Free trial expiring on \d{2}\/\d{2}\/\d{4}\./);
    const expiry = (await accountOf(ending.accountId))?.trialExpiryDate ?? new Date();
    expect(warning?.message).toContain(`${String(expiry.getUTCDate()).padStart(2, '0')}/`);
  });

  it('disables an ended trial with TRIAL_EXPIRED and ACCOUNT_DISABLED banners, and resolves the warning', async () => {
    const company = await trialEndingIn(3);
    await monitor.check();
    await t.database.system((tx) =>
      tx
        .update(accounts)
        .set({ trialExpiryDate: sql`now() - interval '1 minute'` })
        .where(eq(accounts.id, company.accountId)),
    );
    const result = await monitor.check();
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect((await accountOf(company.accountId))?.active).toBe(false);

    const headers = await t.signIn(company.admin);
    const listed = (await t.inject({ method: 'GET', url: '/api/notifications', headers })).json<Notification[]>();
    expect(listed.map((n) => [n.notificationType, n.userDismissAvailable])).toEqual([
      ['TRIAL_EXPIRED', false],
      ['ACCOUNT_DISABLED', false],
    ]);
    expect(listed[1]?.message).toMatch(/^Account is disabled\./);
    const audit = await t.database.system((tx) =>
      tx
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.accountId, company.accountId), eq(auditEntries.transactionType, 'DISABLE'))),
    );
    expect(audit).toEqual([
      expect.objectContaining({ objectType: 'ACCOUNT', createUserId: null, createUserName: 'System' }),
    ]);

    // Reads still work; a new incident is refused.
    expect((await t.inject({ method: 'GET', url: '/api/incidents/my', headers })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/commons/initData', headers })).statusCode).toBe(200);
    const [incidentClass] = await t.database.system((tx) =>
      tx
        .select({ id: lookups.id })
        .from(lookups)
        .where(and(eq(lookups.accountId, company.accountId), eq(lookups.type, 'incidentClass')))
        .limit(1),
    );
    const created = await t.inject({
      method: 'POST',
      url: '/api/incidents',
      headers,
      payload: {
        reportedDate: '2024-03-01T10:00:00.000Z',
        occurredDate: '2024-03-01T09:00:00.000Z',
        lastClassId: incidentClass?.id,
      },
    });
    expect(created.statusCode).toBe(403);
    expect(created.json()).toEqual({ code: 'ACCOUNT_DISABLED', message: 'Account is disabled.' });
    const draft = await t.inject({ method: 'POST', url: '/api/draftIncidents', headers, payload: {} });
    expect(draft.json()).toEqual({ code: 'ACCOUNT_DISABLED', message: 'Account is disabled.' });
  });

  it('adds nothing more on later runs, nor when two run at once', async () => {
    const company = await trialEndingIn(-1);
    const other = createTrialMonitor(t.database, { warningDays: 7 }, () => undefined);
    await Promise.all([monitor.check(), other.check(), monitor.check()]);
    await monitor.check();
    const banners = await bannersOf(company.accountId);
    expect(banners.map((b) => b.source).sort()).toEqual(['account-disabled', 'trial-expired']);
    const audit = await t.database.system((tx) =>
      tx
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.accountId, company.accountId), eq(auditEntries.transactionType, 'DISABLE'))),
    );
    expect(audit).toHaveLength(1);
  });

  it('leaves paid companies, the demo company and ongoing trials alone', async () => {
    const paid = await trialEndingIn(-2);
    const demo = await trialEndingIn(-2);
    await t.database.system(async (tx) => {
      await tx.update(accounts).set({ trial: false, subscriptionType: 'paid' }).where(eq(accounts.id, paid.accountId));
      await tx.update(accounts).set({ isDemo: true }).where(eq(accounts.id, demo.accountId));
    });
    await monitor.check();
    for (const company of [paid, demo]) {
      expect((await accountOf(company.accountId))?.active).toBe(true);
      expect(await bannersOf(company.accountId)).toEqual([]);
    }
  });
});

describe('TRIAL_CHECK_INTERVAL_SECONDS and TRIAL_WARNING_DAYS', () => {
  it('are read from the environment, with 900 seconds and 7 days by default', async () => {
    const { loadConfig } = await import('../../config');
    expect(loadConfig({}).trial).toEqual({ checkIntervalSeconds: 900, warningDays: 7 });
    expect(loadConfig({ TRIAL_CHECK_INTERVAL_SECONDS: '5', TRIAL_WARNING_DAYS: '40' }).trial).toEqual({
      checkIntervalSeconds: 5,
      warningDays: 40,
    });
    expect(() => loadConfig({ TRIAL_CHECK_INTERVAL_SECONDS: '0' })).toThrow(/TRIAL_CHECK_INTERVAL_SECONDS/);
  });
});
