import { randomBytes } from 'node:crypto';
import { SIGN_UP_MESSAGES, type SignUpInput, signUpSchema } from '@blotter/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fetcher, httpFetcher, signInThroughProvider } from '../../../test/oidc-flow';
import { startSmtpCapture } from '../../../test/smtp-capture';
import { createTestContext, freePort, type TestCompany, type TestContext } from '../../../test/test-app';
import { accounts, auditEntries, emailVerifications, jobs, lookups, users, workgroups } from '../../db/schema/index';
import { createJobRunner } from '../../job-registry';
import type { JobRunner } from '../../platform/jobs/index';
import { createMailer } from '../../platform/mail';
import { signUp as signUpCompany } from './sign-up.service';

/**
 * POST /api/accounts (spec 2 §7): the free-trial sign-up, its validation texts (spec 2 §5), the one
 * transaction, the verification email over real SMTP, enumeration safety and the rate limit.
 */

let t: TestContext;
let http: Fetcher;
let existing: TestCompany;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let runner: JobRunner;
let addressSeq = 0;

/** A fresh client address per request, so the per-address limit stays out of the way. */
const nextAddress = () => `10.1.${Math.floor(addressSeq / 250)}.${(addressSeq++ % 250) + 1}`;

const unique = () => randomBytes(4).toString('hex');

const validForm = (overrides: Partial<Record<keyof SignUpInput, unknown>> = {}): Record<string, unknown> => ({
  email: `owner-${unique()}@acme-${unique()}.example`,
  password: 'Secret1!',
  passwordConfirm: 'Secret1!',
  firstName: 'Olivia',
  lastName: 'Owner',
  companyName: `Acme ${unique()}`,
  phone: '416-555-0199',
  companyCountryCode: 'CA',
  businessType: 'general',
  serviceAgreementChecked: true,
  ...overrides,
});

/** Signs up; the company made (if any) becomes the test's own, so its runner sends its jobs. */
const signUp = async (payload: Record<string, unknown>, remoteAddress = nextAddress()) => {
  const response = await t.inject({ method: 'POST', url: '/api/accounts', payload, remoteAddress });
  const email = String(payload.email ?? '').toLowerCase();
  const made = await t.database.system((tx) =>
    tx.select({ accountId: users.accountId }).from(users).where(sql`lower(${users.email}) = ${email}`),
  );
  for (const { accountId } of made) t.ownAccount(accountId);
  return response;
};

const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.toLowerCase() === email.toLowerCase());

const linkIn = (text: string) => /(http\S+\/api\/users\/verifyEmail\?token=[\w-]+)/.exec(text)?.[1] ?? '';

/** The confirm button of the link's page: posts its token. */
const confirmLink = (token: string) =>
  http('/api/users/verifyEmail', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
  });

const accountsNamed = (companyName: string) =>
  t.database.system((tx) => tx.select().from(accounts).where(eq(accounts.companyName, companyName)));

beforeAll(async () => {
  const port = await freePort();
  t = await createTestContext({ port });
  await t.app.listen({ port, host: '127.0.0.1' });
  http = httpFetcher(t.config.publicUrl);
  existing = await t.createCompany();
  smtp = await startSmtpCapture();
  runner = createJobRunner(
    t.database,
    createMailer({ smtpUrl: smtp.url, from: 'blotter@test.example', dir: '' }),
    () => undefined,
    // The notice to an address already taken is a job of no company.
    { publicUrl: t.config.publicUrl, scope: { accounts: t.jobScope.accounts, unowned: true } },
  );
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});

describe('POST /api/accounts validation (spec 2 §5)', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['no email', { email: '' }, SIGN_UP_MESSAGES.emailRequired],
    ['an invalid email', { email: 'not-an-email' }, 'Email is invalid'],
    ['a gmail address', { email: 'me@gmail.com' }, 'Please use company email, not personal email.'],
    ['a yahoo.co.uk address', { email: 'me@yahoo.co.uk' }, 'Please use company email, not personal email.'],
    ['an Outlook address in capitals', { email: 'Me@OUTLOOK.com' }, 'Please use company email, not personal email.'],
    ['a short password', { password: 'abc', passwordConfirm: 'abc' }, 'Password length cannot be less than 4'],
    ['no password confirmation', { passwordConfirm: '' }, 'Please enter the same password as above'],
    ['another confirmation', { passwordConfirm: 'Secret2!' }, 'Password did not match'],
    ['no first name', { firstName: ' ' }, SIGN_UP_MESSAGES.firstNameRequired],
    ['no last name', { lastName: '' }, SIGN_UP_MESSAGES.lastNameRequired],
    ['no company name', { companyName: '' }, SIGN_UP_MESSAGES.companyNameRequired],
    ['a company name of 101', { companyName: 'c'.repeat(101) }, 'Company name length cannot be longer than 100.'],
    ['no phone', { phone: '' }, SIGN_UP_MESSAGES.phoneRequired],
    ['a phone of 21', { phone: '1'.repeat(21) }, 'Phone length cannot be longer than 20.'],
    ['no business type', { businessType: undefined }, 'Business type is required'],
    ['an unknown business type', { businessType: 'casino' }, 'Business type is required'],
    ['no country', { companyCountryCode: '' }, 'Please select the country in which your business is located'],
    ['an unknown country', { companyCountryCode: 'ZZ' }, 'Please select the country in which your business is located'],
    ['the agreement unchecked', { serviceAgreementChecked: false }, SIGN_UP_MESSAGES.agreementRequired],
  ];

  it.each(cases)('answers 400 with the spec text for %s, and creates nothing', async (_label, change, message) => {
    const form = validForm(change);
    const response = await signUp(form);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message });
    expect(await accountsNamed(String(form.companyName))).toHaveLength(0);
  });

  it('uses the strict password rule in production', async () => {
    const { signUpSchema } = await import('@blotter/shared');
    const weak = signUpSchema(true).safeParse(validForm({ password: 'secret12', passwordConfirm: 'secret12' }));
    expect(weak.success ? '' : weak.error.issues[0]?.message).toBe(
      'Password must contain at least 8 characters, one uppercase, one number and one special case character (e.g. !@#$%^&*)',
    );
    expect(signUpSchema(true).safeParse(validForm()).success).toBe(true);
  });

  it('accepts a company whose domain only contains a free-mail name', async () => {
    const response = await signUp(validForm({ email: `it-${unique()}@outlookconsulting.example` }));
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('a new company signs up', () => {
  it('gets a trial company, workgroups, lookups of its business type, a pending user and an email', async () => {
    const form = validForm({ businessType: 'hospital', companyCountryCode: 'US', companyName: `Mercy ${unique()}` });
    const before = Date.now();
    const response = await signUp(form);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ email: form.email, firstName: 'Olivia', lastName: 'Owner', status: 0 });

    const [account] = await accountsNamed(String(form.companyName));
    expect(account).toMatchObject({
      accountType: 'hospital',
      companyCountryCode: 'US',
      phone: '416-555-0199',
      trial: true,
      active: true,
      subscriptionType: 'trial',
      concurrentUserCount: 5,
      measurementType: 1,
      dateFormat: 1,
    });
    const days = ((account?.trialExpiryDate?.getTime() ?? 0) - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
    const accountId = account?.id ?? '';

    const rows = await t.database.system(async (tx) => ({
      groups: await tx.select().from(workgroups).where(eq(workgroups.accountId, accountId)),
      people: await tx.select().from(users).where(eq(users.accountId, accountId)),
      personTypes: await tx
        .select({ name: lookups.name })
        .from(lookups)
        .where(and(eq(lookups.accountId, accountId), eq(lookups.type, 'personType'))),
      lookupTypes: await tx
        .selectDistinct({ type: lookups.type })
        .from(lookups)
        .where(eq(lookups.accountId, accountId)),
      audit: await tx.select().from(auditEntries).where(eq(auditEntries.accountId, accountId)),
    }));
    expect(rows.groups.map((g) => [g.name, g.isAdmin]).sort()).toEqual([
      ['Administrators', true],
      ['Staff', false],
    ]);
    expect(rows.people).toHaveLength(1);
    const user = rows.people[0];
    expect(user).toMatchObject({ email: form.email, firstName: 'Olivia', lastName: 'Owner', status: 0 });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user?.userGroupId).toBe(rows.groups.find((g) => g.isAdmin)?.id);
    expect(account?.accountHolderId).toBe(user?.id);
    expect(rows.personTypes.map((p) => p.name)).toContain('Patient');
    expect(rows.lookupTypes.map((l) => l.type).sort()).toEqual(
      [
        'correctiveActionType',
        'department',
        'genderType',
        'incidentCause',
        'incidentClass',
        'location',
        'personType',
        'primaryCause',
        'referredAgency',
        'severityType',
        'vehicleInvolvement',
      ].sort(),
    );
    expect(rows.audit).toEqual([
      expect.objectContaining({ objectType: 'ACCOUNT', transactionType: 'CREATE', createUserId: user?.id }),
    ]);

    await runner.runDue();
    const [mail] = mailsTo(String(form.email));
    expect(mail?.subject).toBe('Verify your email address for Blotter');
    expect(linkIn(mail?.text ?? '')).not.toBe('');
  });

  it('starts a hospitality company with guests, a school with students', async () => {
    for (const [businessType, personType] of [
      ['hotel', 'Guest'],
      ['education', 'Student'],
      ['general', 'Employee'],
    ] as const) {
      const form = validForm({ businessType });
      expect((await signUp(form)).statusCode).toBe(200);
      const [account] = await accountsNamed(String(form.companyName));
      const names = await t.database.system((tx) =>
        tx
          .select({ name: lookups.name })
          .from(lookups)
          .where(and(eq(lookups.accountId, account?.id ?? ''), eq(lookups.type, 'personType'))),
      );
      expect(
        names.map((n) => n.name),
        businessType,
      ).toContain(personType);
      expect(account?.accountType).toBe(businessType);
    }
  });

  it('verifies the address once through the emailed link, and then signs in with the chosen password', async () => {
    const form = validForm();
    expect((await signUp(form)).statusCode).toBe(200);
    await runner.runDue();
    const link = linkIn(mailsTo(String(form.email))[0]?.text ?? '');
    const path = link.replace(t.config.publicUrl, '');

    const refused = await signInThroughProvider(http, {
      publicUrl: t.config.publicUrl,
      clientId: t.config.oidc.clientId,
      email: String(form.email),
      password: 'Secret1!',
    });
    // A pending user signs in and is then sent to the 'Action Required' page by their status.
    if (!('accessToken' in refused)) throw new Error(`no tokens: ${JSON.stringify(refused)}`);
    const pendingHeaders = { authorization: `Bearer ${refused.accessToken}` };
    const pending = await t.inject({ method: 'POST', url: '/api/users/sessions', headers: pendingHeaders });
    expect(pending.json()).toMatchObject({ status: 0 });

    // The link's page asks for a click: opening it verifies nothing.
    const opened = await http(path);
    expect(opened.status).toBe(200);
    expect(opened.body).toContain('Confirm email address');
    const token = new URL(link).searchParams.get('token') ?? '';
    const verified = await confirmLink(token);
    expect(verified.status).toBe(200);
    expect(verified.body).toContain('Your email address is verified.');
    const reused = await http(path);
    expect(reused.status).toBe(400);
    expect(reused.body).toContain('This verification link has expired or was already used.');

    const result = await signInThroughProvider(http, {
      publicUrl: t.config.publicUrl,
      clientId: t.config.oidc.clientId,
      email: String(form.email),
      password: 'Secret1!',
    });
    if (!('accessToken' in result)) throw new Error(`no tokens: ${JSON.stringify(result)}`);
    const headers = { authorization: `Bearer ${result.accessToken}` };
    const session = await t.inject({ method: 'POST', url: '/api/users/sessions', headers });
    expect(session.json()).toMatchObject({ status: 1, admin: true });
    const init = await t.inject({ method: 'GET', url: '/api/commons/initData', headers });
    expect(init.statusCode).toBe(200);
  });

  it("resends the verification from the 'Action Required' page; the old link stops working", async () => {
    const form = validForm();
    expect((await signUp(form)).statusCode).toBe(200);
    await runner.runDue();
    const first = linkIn(mailsTo(String(form.email))[0]?.text ?? '').replace(t.config.publicUrl, '');
    const user = await t.userByEmail(String(form.email));
    const headers = { authorization: `Bearer ${await t.tokenFor(user)}` };
    expect((await t.inject({ method: 'POST', url: '/api/users/sessions', headers })).statusCode).toBe(200);
    const resend = await t.inject({ method: 'POST', url: '/api/users/myEmailVerification', headers });
    expect(resend.statusCode).toBe(204);
    await runner.runDue();
    const mails = mailsTo(String(form.email));
    expect(mails).toHaveLength(2);
    expect((await http(first)).status).toBe(400);
    const second = linkIn(mails[1]?.text ?? '');
    expect((await http(second.replace(t.config.publicUrl, ''))).status).toBe(200);
    expect((await confirmLink(new URL(second).searchParams.get('token') ?? '')).status).toBe(200);
  });

  it('refuses an expired link and leaves the user pending', async () => {
    const form = validForm();
    expect((await signUp(form)).statusCode).toBe(200);
    await runner.runDue();
    const path = linkIn(mailsTo(String(form.email))[0]?.text ?? '').replace(t.config.publicUrl, '');
    const user = await t.userByEmail(String(form.email));
    await t.database.system((tx) =>
      tx
        .update(emailVerifications)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(emailVerifications.userId, user.id)),
    );
    const page = await http(path);
    expect(page.status).toBe(400);
    expect(page.body).toContain('This verification link has expired or was already used.');
    const confirmed = await confirmLink(new URL(`${t.config.publicUrl}${path}`).searchParams.get('token') ?? '');
    expect(confirmed.status).toBe(400);
    const [row] = await t.database.system((tx) => tx.select().from(users).where(eq(users.id, user.id)));
    expect(row?.status).toBe(0);
  });
});

describe('an email that already belongs to a user', () => {
  it('gets the same answer, creates nothing and tells the owner by email', async () => {
    const email = existing.admin.email.toUpperCase();
    const form = validForm({ email, firstName: 'Mallory' });
    const response = await signUp(form);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email, firstName: 'Mallory', lastName: 'Owner', status: 0 });
    expect(await accountsNamed(String(form.companyName))).toHaveLength(0);

    await runner.runDue();
    const [notice] = mailsTo(existing.admin.email);
    expect(notice?.subject).toBe('Someone tried to sign up for Blotter with your email address');
    expect(notice?.text).toContain('no new company was created');
    expect(notice?.text).not.toContain('verifyEmail?token=');
    const [owner] = await t.database.system((tx) => tx.select().from(users).where(eq(users.id, existing.admin.id)));
    expect(owner).toMatchObject({ accountId: existing.accountId, firstName: 'Test', status: 1 });
  });

  it('emails the owner once an hour however often the address is tried, and answers the same each time', async () => {
    const owner = (await t.createCompany()).admin;
    const answers = [];
    for (const email of [owner.email, owner.email.toUpperCase(), owner.email]) {
      const response = await signUp(validForm({ email, firstName: 'Mallory' }));
      answers.push({ status: response.statusCode, body: response.json<{ status: number }>().status });
    }
    expect(answers).toEqual(Array(3).fill({ status: 200, body: 0 }));
    await runner.runDue();
    expect(mailsTo(owner.email).map((mail) => mail.subject)).toEqual([
      'Someone tried to sign up for Blotter with your email address',
    ]);
    // Another address's owner still gets theirs.
    const other = (await t.createCompany()).admin;
    await signUp(validForm({ email: other.email }));
    await runner.runDue();
    expect(mailsTo(other.email)).toHaveLength(1);
  });

  it('answers the same shape as a new address, with no field telling them apart', async () => {
    const fresh = await signUp(validForm({ email: 'fresh-owner@distinct.example' }));
    const taken = await signUp(validForm({ email: existing.staff.email }));
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(taken.json<{ status: number }>().status).toBe(fresh.json<{ status: number }>().status);
    expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);
  });
});

describe('one transaction', () => {
  it('leaves nothing behind when a step fails midway', async () => {
    const companyName = `Doomed ${unique()}`;
    const fn = `fail_signup_${unique()}`;
    // A real failure late in the transaction: the audit entry is refused for this company only.
    await t.database.system(async (tx) => {
      await tx.execute(
        sql.raw(`create function ${fn}() returns trigger language plpgsql as $$
          begin
            if new.object_name = '${companyName}' then raise exception 'audit refused'; end if;
            return new;
          end $$`),
      );
      await tx.execute(
        sql.raw(`create trigger ${fn} before insert on audit_entries for each row execute function ${fn}()`),
      );
    });
    try {
      const form = validForm({ companyName });
      const response = await signUp(form);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        code: 'INTERNAL',
        message: 'Something went wrong on our side. Please try again.',
      });
      const left = await t.database.system(async (tx) => ({
        accounts: await tx.select().from(accounts).where(eq(accounts.companyName, companyName)),
        users: await tx
          .select()
          .from(users)
          .where(eq(users.email, String(form.email))),
        jobs: await tx
          .select()
          .from(jobs)
          .where(sql`${jobs.payload}->>'to' = ${String(form.email)}`),
      }));
      // No company: its workgroups, lookups and users could not exist without it (foreign keys).
      expect(left.accounts).toHaveLength(0);
      expect(left.users).toHaveLength(0);
      expect(left.jobs).toHaveLength(0);
    } finally {
      await t.database.system(async (tx) => {
        await tx.execute(sql.raw(`drop trigger ${fn} on audit_entries`));
        await tx.execute(sql.raw(`drop function ${fn}()`));
      });
    }
    // Once the step works again, the same company signs up.
    const again = await signUp(validForm({ companyName }));
    expect(again.statusCode).toBe(200);
    expect(await accountsNamed(companyName)).toHaveLength(1);
  });
});

describe('rate limit', () => {
  it('answers 429 after 10 sign-ups from one address within the hour, other addresses still pass', async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < 10; i++) {
      const response = await signUp(validForm({ email: 'me@gmail.com' }), address);
      expect(response.statusCode).toBe(400);
    }
    const limited = await signUp(validForm(), address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please wait a moment and try again.',
    });
    expect((await signUp(validForm(), '10.9.9.10')).statusCode).toBe(200);
  });
});

describe('TRIAL_DAYS', () => {
  it('sets the length of a new trial (config.test.ts: its default and its checks)', async () => {
    const form = validForm();
    const before = Date.now();
    await signUpCompany(t.database, t.app.rateCounters, signUpSchema(false).parse(form), t.config.publicUrl, 0.5);
    const [account] = await accountsNamed(String(form.companyName));
    const hours = ((account?.trialExpiryDate?.getTime() ?? 0) - before) / 3_600_000;
    expect(hours).toBeGreaterThan(11.99);
    expect(hours).toBeLessThan(12.01);
  });
});
