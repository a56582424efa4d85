import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { jobs, users } from '../../db/schema/index';
import { createJobRunner } from '../../job-registry';
import { retryDelaySeconds } from '../../platform/jobs/index';

let t: TestContext;
let company: TestCompany;

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany();
});
afterAll(() => t.close());

const bearer = async (user: Parameters<TestContext['tokenFor']>[0]) => ({
  authorization: `Bearer ${await t.tokenFor(user)}`,
});

describe('POST /api/users/myEmailVerification and the emailed link', () => {
  it('emails a pending user a link that activates the account once', async () => {
    const pending = await t.createUser(company.accountId, { status: 0 });
    const headers = await bearer(pending);
    const sent = await t.inject({ method: 'POST', url: '/api/users/myEmailVerification', headers });
    expect(sent.statusCode).toBe(204);

    // Queued in the request's transaction, sent by the worker.
    expect(t.mailer.sent.filter((m) => m.to === pending.email)).toHaveLength(0);
    await t.app.jobs.runDue();
    const mail = t.mailer.sent.find((m) => m.to === pending.email);
    expect(mail?.subject).toBe('Verify your email address for Blotter');
    const link = /(http\S+\/api\/users\/verifyEmail\?token=\S+)/.exec(mail?.text ?? '')?.[1];
    expect(link).toBeDefined();
    const path = new URL(link ?? '').pathname + new URL(link ?? '').search;

    // Opening the link (as a mail scanner does) shows a page whose button confirms; it verifies nothing.
    const token = new URL(link ?? '').searchParams.get('token') ?? '';
    for (let i = 0; i < 2; i++) {
      const page = await t.inject({ method: 'GET', url: path });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('Confirm your email address');
      expect(page.body).toContain('<form method="post" action="/api/users/verifyEmail"');
      expect(page.body).toContain(`name="token" value="${token}"`);
      expect(page.body).not.toContain('Your email address is verified.');
    }
    const before = await t.inject({ method: 'POST', url: '/api/users/sessions', headers });
    expect(before.json()).toMatchObject({ status: 0 });

    // The button posts the token.
    const confirm = () =>
      t.inject({
        method: 'POST',
        url: '/api/users/verifyEmail',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ token }).toString(),
      });
    const confirmed = await confirm();
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Your email address is verified.');
    const claims = await t.inject({ method: 'POST', url: '/api/users/sessions', headers });
    expect(claims.json()).toMatchObject({ status: 1 });

    const again = await t.inject({ method: 'GET', url: path });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('This verification link has expired or was already used.');
    const twice = await confirm();
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain('This verification link has expired or was already used.');
  });

  it('makes an earlier link stop working when a new one is sent', async () => {
    const pending = await t.createUser(company.accountId, { status: 0 });
    const headers = await bearer(pending);
    await t.inject({ method: 'POST', url: '/api/users/myEmailVerification', headers });
    await t.inject({ method: 'POST', url: '/api/users/myEmailVerification', headers });
    await t.app.jobs.runDue();
    const links = t.mailer.sent
      .filter((m) => m.to === pending.email)
      .map((m) => /verifyEmail\?token=(\S+)/.exec(m.text)?.[1]);
    expect(links).toHaveLength(2);
    expect((await t.inject({ method: 'GET', url: `/api/users/verifyEmail?token=${links[0]}` })).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: `/api/users/verifyEmail?token=${links[1]}` })).statusCode).toBe(200);
  });

  it('refuses an already verified user with a clear message', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/users/myEmailVerification',
      headers: await bearer(company.staff),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: 'This email address is already verified.' });
  });

  it('answers 400 to a link without a token', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/users/verifyEmail' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: 'The verification link is incomplete.' });
  });
});

describe('the job worker', () => {
  it('keeps a failed email queued and retries it later with backoff', async () => {
    const pending = await t.createUser(company.accountId, { status: 0 });
    await t.inject({ method: 'POST', url: '/api/users/myEmailVerification', headers: await bearer(pending) });
    const errors: string[] = [];
    const failing = createJobRunner(
      t.database,
      {
        send: async () => {
          throw new Error('SMTP relay unreachable');
        },
      },
      (_error, message) => errors.push(message),
      { scope: t.jobScope },
    );
    expect(await failing.runDue()).toBe(0);
    expect(errors.length).toBeGreaterThan(0);
    const queued = await t.database.system((tx) =>
      tx
        .select({
          attempts: jobs.attempts,
          lastError: jobs.lastError,
          doneAt: jobs.doneAt,
          waits: sql<boolean>`${jobs.runAt} > now()`,
        })
        .from(jobs)
        .where(sql`${jobs.payload}->>'to' = ${pending.email}`),
    );
    expect(queued).toEqual([{ attempts: 1, lastError: 'SMTP relay unreachable', doneAt: null, waits: true }]);
    expect(retryDelaySeconds(1)).toBe(10);
    expect(retryDelaySeconds(3)).toBe(40);
    expect(retryDelaySeconds(20)).toBe(3600);

    // Once due again, the working mailer delivers it.
    await t.database.system((tx) =>
      tx.update(jobs).set({ runAt: sql`now()` }).where(sql`${jobs.payload}->>'to' = ${pending.email}`),
    );
    await t.app.jobs.runDue();
    expect(t.mailer.sent.some((m) => m.to === pending.email)).toBe(true);
    const [user] = await t.database.system((tx) => tx.select().from(users).where(eq(users.id, pending.id)));
    expect(user?.status).toBe(0);
  });
});
