import { PASSWORD_MESSAGE_OTHER, PASSWORD_MESSAGE_PRODUCTION } from '@blotter/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fetcher, httpFetcher, type SignInResult, signInThroughProvider } from '../../../test/oidc-flow';
import { startSmtpCapture } from '../../../test/smtp-capture';
import { createTestContext, freePort, type TestContext, type TestUser } from '../../../test/test-app';
import { auditEntries, passwordResets } from '../../db/schema/index';
import { createJobRunner } from '../../job-registry';
import { createMailer } from '../../platform/mail';
import { PASSWORDS_DO_NOT_MATCH, passwordFormError } from './password-form';
import { RESET_MAIL_SUBJECT } from './password-reset.service';

/**
 * Change Password: the signed-in user gets a reset email over real SMTP; its link opens the
 * identity provider's reset page, which enforces the password rule, sets the new password once,
 * and ends every other session of the user while the one that asked keeps working.
 */

let t: TestContext;
let http: Fetcher;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let runJobs: () => Promise<void>;

beforeAll(async () => {
  const port = await freePort();
  t = await createTestContext({ port });
  await t.app.listen({ port, host: '127.0.0.1' });
  http = httpFetcher(t.config.publicUrl);
  smtp = await startSmtpCapture();
  const runner = createJobRunner(
    t.database,
    createMailer({ smtpUrl: smtp.url, from: 'blotter@test.example', dir: '' }),
    () => {},
    { scope: t.jobScope },
  );
  runJobs = async () => {
    await runner.runDue();
  };
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** A real sign-in through the provider's pages (its own browser), with its session started. */
async function signIn(
  user: TestUser,
  password = user.password,
): Promise<SignInResult & { headers: Record<string, string> }> {
  const result = await signInThroughProvider(http, {
    publicUrl: t.config.publicUrl,
    clientId: t.config.oidc.clientId,
    email: user.email,
    password,
  });
  if (!('accessToken' in result)) throw new Error(`no tokens: ${JSON.stringify(result)}`);
  const headers = { authorization: `Bearer ${result.accessToken}` };
  const session = await t.inject({ method: 'POST', url: '/api/users/sessions', headers });
  expect(session.statusCode, session.body).toBe(200);
  return { ...result, headers };
}

/** Asks for a reset link and answers the token of the email the SMTP server received. */
async function requestLink(user: TestUser, headers: Record<string, string>): Promise<string> {
  const before = smtp.received.length;
  const response = await t.inject({ method: 'GET', url: '/api/users/requestChangePassword', headers });
  expect(response.statusCode, response.body).toBe(204);
  await runJobs();
  const mail = smtp.received.slice(before).find((m) => m.to === user.email);
  expect(mail?.subject).toBe(RESET_MAIL_SUBJECT);
  const link = /(http\S+\/api\/users\/resetPassword\?token=[\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
  expect(link.startsWith(`${t.config.publicUrl}/api/users/resetPassword?token=`)).toBe(true);
  return new URL(link).searchParams.get('token') ?? '';
}

const refresh = (token: string | undefined) =>
  http(
    '/oidc/token',
    form({ grant_type: 'refresh_token', refresh_token: token ?? '', client_id: t.config.oidc.clientId }),
  );

describe('GET /api/users/requestChangePassword and the reset page', () => {
  it('sets the new password once, keeps the asking session and ends every other one', async () => {
    const company = await t.createCompany({ concurrentUserCount: 10 });
    const user = company.staff;
    const asking = await signIn(user);
    const other = await signIn(user);
    const token = await requestLink(user, asking.headers);
    const [stored] = await t.database.system((tx) =>
      tx.select().from(passwordResets).where(eq(passwordResets.userId, user.id)),
    );
    // Only a hash of the token is kept, for 60 minutes.
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.tokenHash).not.toContain(token);
    const minutes = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);

    const page = await http(`/api/users/resetPassword?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Change your password');
    const short = await http('/api/users/resetPassword', form({ token, password: 'abc', confirm: 'abc' }));
    expect(short.status).toBe(400);
    expect(short.body).toContain(PASSWORD_MESSAGE_OTHER);
    const mismatch = await http('/api/users/resetPassword', form({ token, password: 'New!2345', confirm: 'New!2346' }));
    expect(mismatch.body).toContain(PASSWORDS_DO_NOT_MATCH);
    const done = await http('/api/users/resetPassword', form({ token, password: 'New!2345', confirm: 'New!2345' }));
    expect(done.status).toBe(200);
    expect(done.body).toContain('Your password is changed.');

    // Reused: the link works once.
    expect((await http(`/api/users/resetPassword?token=${token}`)).status).toBe(400);
    const reused = await http('/api/users/resetPassword', form({ token, password: 'Again!234', confirm: 'Again!234' }));
    expect(reused.status).toBe(400);
    expect(reused.body).toContain('expired or was already used');

    // The asking session goes on (its token and its refresh token); the other one ended.
    expect((await t.inject({ method: 'GET', url: '/api/users/profile', headers: asking.headers })).statusCode).toBe(
      200,
    );
    const ended = await t.inject({ method: 'GET', url: '/api/users/profile', headers: other.headers });
    expect([ended.statusCode, ended.json().code]).toEqual([401, 'SESSION_ENDED']);
    const otherRefresh = await refresh(other.refreshToken);
    expect(otherRefresh.status).toBe(400);
    expect(otherRefresh.body).toContain('invalid_grant');
    expect((await refresh(asking.refreshToken)).status).toBe(200);

    // The old password no longer signs in; the new one does.
    const old = await signInThroughProvider(http, {
      publicUrl: t.config.publicUrl,
      clientId: t.config.oidc.clientId,
      email: user.email,
      password: user.password,
    });
    expect(old).toMatchObject({ status: 401 });
    await signIn(user, 'New!2345');

    const [entry] = await t.database.system((tx) =>
      tx
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.objectId, user.id), eq(auditEntries.transactionType, 'CHANGE_PASSWORD')))
        .orderBy(desc(auditEntries.createdAt))
        .limit(1),
    );
    expect(entry).toMatchObject({ accountId: company.accountId, objectType: 'USER', createUserId: user.id });
    expect(JSON.stringify(entry?.objectData)).not.toContain('New!2345');
  });

  it('refuses an expired, a replaced and a made-up link, and changes nothing', async () => {
    const company = await t.createCompany();
    const user = company.staff;
    const session = await t.signIn(user);
    const first = await requestLink(user, session);
    const second = await requestLink(user, session);
    // A new request replaces the earlier link.
    expect((await http(`/api/users/resetPassword?token=${first}`)).status).toBe(400);
    await t.database.system((tx) =>
      tx
        .update(passwordResets)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(passwordResets.userId, user.id)),
    );
    for (const token of [second, first, 'x'.repeat(43)]) {
      const page = await http(`/api/users/resetPassword?token=${token}`);
      expect(page.status).toBe(400);
      expect(page.body).toContain('expired or was already used');
      const post = await http('/api/users/resetPassword', form({ token, password: 'New!2345', confirm: 'New!2345' }));
      expect(post.status).toBe(400);
    }
    expect((await http('/api/users/resetPassword', form({}))).status).toBe(400);
    const short = await t.inject({ method: 'GET', url: '/api/users/resetPassword?token=abc' });
    expect(short.json()).toEqual({ code: 'BAD_REQUEST', message: 'The reset link is incomplete.' });
    // The password is unchanged.
    const again = await signInThroughProvider(http, {
      publicUrl: t.config.publicUrl,
      clientId: t.config.oidc.clientId,
      email: user.email,
      password: user.password,
    });
    expect(again).toHaveProperty('accessToken');
  });

  it('needs a signed-in active user (401 without a token)', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/users/requestChangePassword' })).statusCode).toBe(401);
  });
});

describe('the password rule of spec 3 §5 on the reset page', () => {
  it('needs 8 characters with an uppercase letter, a number and a special character in production', () => {
    for (const weak of ['Short1!', 'nouppercase1!', 'NoNumber!!', 'NoSpecial12', ''])
      expect(passwordFormError(true, weak, weak)).toBe(PASSWORD_MESSAGE_PRODUCTION);
    expect(passwordFormError(true, 'Strong!234', 'Strong!234')).toBeUndefined();
    expect(passwordFormError(false, 'abc', 'abc')).toBe(PASSWORD_MESSAGE_OTHER);
    expect(passwordFormError(false, 'abcd', 'abcd')).toBeUndefined();
    expect(passwordFormError(false, 'abcd', 'abce')).toBe(PASSWORDS_DO_NOT_MATCH);
  });
});
