import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CompanyRefs, companyRefs } from '../../../test/fixtures/incident-fixtures';
import { classIdOf, ruleBody } from '../../../test/fixtures/notification-fixtures';
import { submitIncident } from '../../../test/incidents';
import { startSmtpCapture } from '../../../test/smtp-capture';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema/index';
import { createJobRunner } from '../../job-registry';
import { createMailer, type Mailer } from '../../platform/mail';

/*
 * Delivery of the notification emails through a real SMTP server when the relay fails: retried
 * with backoff and delivered once; a repeat after a crash keeps its Message-ID.
 */

let t: TestContext;
let a: TestCompany;
let refs: CompanyRefs;
let staff: Record<string, string>;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const ignore = () => {};

const mailer = () => createMailer({ smtpUrl: smtp.url, from: 'blotter@test.example', dir: '/nonexistent' });
/** The app's job runner for the company's jobs, sending through the test's SMTP server. */
const runner = (mail: Mailer = mailer(), database: Database = t.database) =>
  createJobRunner(database, mail, ignore, { accountId: a.accountId, publicUrl: t.config.publicUrl });

const pendingJobs = () =>
  t.database.system((tx) =>
    tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.accountId, a.accountId), isNull(jobs.doneAt), isNull(jobs.failedAt))),
  );
/** Makes every waiting job of the company due now (instead of waiting for its backoff). */
const makeDue = () =>
  t.database.system((tx) =>
    tx
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(and(eq(jobs.accountId, a.accountId), isNull(jobs.doneAt))),
  );
const byRecipient = (mails: { to: string; subject: string }[]) => mails.map((mail) => `${mail.to}: ${mail.subject}`);

beforeAll(async () => {
  t = await createTestContext();
  a = await t.createCompany({ name: 'Retry A', concurrentUserCount: 100 });
  refs = await companyRefs(t.database, a.accountId);
  staff = await t.signIn(a.staff);
  const safety = await classIdOf(t, a.accountId, ['Safety']);
  const created = await t.inject({
    method: 'POST',
    url: '/api/incidentNotifications',
    headers: await t.signIn(a.admin),
    payload: ruleBody(safety, { name: 'Safety event', recipientEmails: ['safety@a.example'] }),
  });
  expect(created.statusCode, created.body).toBe(200);
});
afterAll(() => t.close());
beforeEach(async () => {
  smtp = await startSmtpCapture();
});
afterEach(async () => {
  await smtp.close();
});

describe('notification emails while the relay fails', () => {
  it('retries with backoff while the relay refuses, and delivers each email exactly once', async () => {
    const safety = await classIdOf(t, a.accountId, ['Safety', 'Medical']);
    smtp.refuse(3);
    const incident = await submitIncident(t, staff, refs, {}, (fields) => ({ ...fields, lastClassId: safety }));
    // One rule, one recipient: Safety event (CREATE). Three refusals: three failed attempts, each later.
    const run = runner();
    expect(await run.runDue()).toBe(0);
    const [waiting] = await pendingJobs();
    expect(waiting).toMatchObject({ attempts: 1, lastError: expect.stringContaining('451') });
    const wait = await t.database.system(async (tx) => {
      const result = (await tx.execute(
        sql`select extract(epoch from run_at - now())::int as seconds from jobs where id = ${waiting?.id ?? ''}`,
      )) as unknown as { rows: { seconds: number }[] };
      return result.rows[0]?.seconds ?? 0;
    });
    expect(wait).toBeGreaterThan(5);
    expect(await run.runDue()).toBe(0); // not due yet: nothing is tried
    expect(smtp.refusedCount()).toBe(1);
    for (const attempt of [2, 3]) {
      await makeDue();
      expect(await run.runDue()).toBe(0);
      expect((await pendingJobs())[0]?.attempts).toBe(attempt);
    }
    await makeDue();
    expect(await run.runDue()).toBe(1);
    expect(smtp.refusedCount()).toBe(3);
    expect(byRecipient(smtp.received)).toEqual(['safety@a.example: Safety event']);
    expect(smtp.received[0]?.text).toContain(`Incident number: ${incident.number}\n`);
    // Done: running again sends nothing more.
    await makeDue();
    expect(await run.runDue()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('gives a repeated email the same Message-ID when the worker dies between the send and its record', async () => {
    const medical = await classIdOf(t, a.accountId, ['Safety', 'Medical']);
    await submitIncident(t, staff, refs, {}, (fields) => ({ ...fields, lastClassId: medical }));
    // The relay accepts the email, then the process dies before the transaction recording the
    // send commits (the worker's second one: the first claimed the job).
    let transactions = 0;
    const dying: Database = {
      ...t.database,
      system: (fn) =>
        t.database.system(async (tx) => {
          const result = await fn(tx);
          if (++transactions === 2) throw new Error('worker killed');
          return result;
        }),
    };
    await expect(runner(mailer(), dying).runDue()).rejects.toThrow('worker killed');
    expect(smtp.received).toHaveLength(1);
    expect(await pendingJobs()).toHaveLength(1);
    await makeDue(); // the dead worker's lease on the job runs out
    await runner().runDue();
    expect(smtp.received).toHaveLength(2);
    const [first, second] = smtp.received;
    expect(first?.messageId).toMatch(/^<job-[0-9a-f-]{36}@blotter\.invalid>$/);
    expect(second?.messageId).toBe(first?.messageId);
    expect(await pendingJobs()).toEqual([]);
  });
});
