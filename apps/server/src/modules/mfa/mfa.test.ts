import { OTP_MESSAGES, PHONE_MESSAGES } from '@blotter/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fetcher, httpFetcher, type StartedSignIn, startSignInThroughProvider } from '../../../test/oidc-flow';
import { createTestContext, freePort, type TestCompany, type TestContext, type TestUser } from '../../../test/test-app';
import { accounts, auditEntries, jobs, mfaCodes, mfaDevices, users } from '../../db/schema/index';
import { CODE_MESSAGES, SEND_TOO_SOON } from './mfa-codes';

let t: TestContext;
let http: Fetcher;
let company: TestCompany;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  const port = await freePort();
  t = await createTestContext({ port });
  await t.app.listen({ port, host: '127.0.0.1' });
  http = httpFetcher(t.config.publicUrl);
  company = await t.createCompany({ name: 'Two Factor Co', concurrentUserCount: 100 });
  await t.database.system((tx) => tx.update(accounts).set({ mfa: true }).where(eq(accounts.id, company.accountId)));
});
afterAll(() => t.close());

/** A user of the company with the MFA flag set. */
async function mfaUser(): Promise<TestUser> {
  const user = await t.createUser(company.accountId, { privileges: ['MYINCIDENT_ADD'] });
  await t.database.system((tx) => tx.update(users).set({ mfa: true }).where(eq(users.id, user.id)));
  return user;
}

const startSignIn = (user: TestUser) =>
  startSignInThroughProvider(http, {
    publicUrl: t.config.publicUrl,
    clientId: t.config.oidc.clientId,
    email: user.email,
    password: user.password,
  });

/** The query of the web page the provider sent the browser to. */
function stepOf(started: StartedSignIn) {
  const url = new URL(started.location ?? '');
  return {
    path: url.pathname,
    token: url.searchParams.get('token') ?? '',
    state: url.searchParams.get('state') ?? '',
    deviceId: url.searchParams.get('deviceId'),
  };
}

/** The code of the last text message sent to the number. */
async function lastCode(phoneNumber: string): Promise<string> {
  await t.app.jobs.runDue();
  const message = t.sms.sent.filter((m) => m.to === `+${phoneNumber}`).at(-1);
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${phoneNumber}`);
  return code;
}

/** Lets the next code be sent now (codes are sent at most once a minute). */
const aMinuteLater = (userId: string) =>
  t.database.system((tx) =>
    tx
      .update(mfaCodes)
      .set({ createdAt: sql`${mfaCodes.createdAt} - interval '61 seconds'` })
      .where(eq(mfaCodes.userId, userId)),
  );

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Enrols a phone for the user through the sign-in's enrolment pages; answers the number. */
async function enrol(user: TestUser, phoneNumber: string) {
  const step = stepOf(await startSignIn(user));
  expect(step.path).toBe('/startMfaEnrolloment');
  const headers = bearer(step.token);
  const started = await t.inject({ method: 'POST', url: '/api/mfa/startEnrol', headers, payload: { phoneNumber } });
  expect(started.statusCode, started.body).toBe(204);
  const verified = await t.inject({
    method: 'POST',
    url: '/api/mfa/verifyEnrol',
    headers,
    payload: { otp: await lastCode(phoneNumber) },
  });
  expect(verified.statusCode, verified.body).toBe(204);
  await aMinuteLater(user.id);
}

describe('sign-in with two-factor verification', () => {
  it('signs in without a step when the user has no MFA flag, or the company has MFA off', async () => {
    const plain = await t.createUser(company.accountId, { privileges: ['MYINCIDENT_ADD'] });
    const started = await startSignIn(plain);
    expect(started.location).toContain('/oidc/');
    expect(await started.complete(started.location ?? '')).toHaveProperty('accessToken');

    const other = await t.createCompany({ concurrentUserCount: 10 });
    await t.database.system((tx) => tx.update(users).set({ mfa: true }).where(eq(users.id, other.staff.id)));
    const offCompany = await startSignIn(other.staff);
    expect(await offCompany.complete(offCompany.location ?? '')).toHaveProperty('accessToken');
  });

  it('sends a user without a phone to enrolment, and issues no token before the step passes', async () => {
    const user = await mfaUser();
    const started = await startSignIn(user);
    const step = stepOf(started);
    expect(step.path).toBe('/startMfaEnrolloment');
    expect(step.token).toMatch(/^mfa\./);
    expect(step.state.length).toBeGreaterThan(5);
    // The interaction cannot be finished before a code is verified.
    const early = await started.request(`/oidc/interaction/${step.state}/mfa-continue`);
    expect(early.status).toBe(403);
    expect(early.body).toContain('Enter the code sent to your phone');
    // The step token opens the /mfa calls only.
    const other = await t.inject({ method: 'GET', url: '/api/notifications', headers: bearer(step.token) });
    expect(other.statusCode).toBe(401);
    const device = await t.inject({ method: 'GET', url: '/api/mfa/device', headers: bearer(step.token) });
    expect(device.json()).toEqual({ deviceId: null, phoneNumberMask: '', verified: false });
  });

  it('enrols a phone: validation texts, the code by SMS, wrong code, then the step ends', async () => {
    const user = await mfaUser();
    const step = stepOf(await startSignIn(user));
    const headers = bearer(step.token);
    const post = (url: string, payload: Record<string, unknown>) => t.inject({ method: 'POST', url, headers, payload });

    for (const [phoneNumber, message] of [
      ['', PHONE_MESSAGES.required],
      ['555-123-4567', PHONE_MESSAGES.digits],
      ['1234', PHONE_MESSAGES.length],
    ] as const) {
      const refused = await post('/api/mfa/startEnrol', { phoneNumber });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    expect((await post('/api/mfa/startEnrol', {})).json().message).toBe(PHONE_MESSAGES.required);
    const noPhone = await t.inject({ method: 'GET', url: '/api/mfa/sendOTPForEnrol', headers });
    expect(noPhone.statusCode).toBe(400);

    expect((await post('/api/mfa/startEnrol', { phoneNumber: '15551230001' })).statusCode).toBe(204);
    const code = await lastCode('15551230001');
    const pending = await t.inject({ method: 'GET', url: '/api/mfa/device', headers });
    expect(pending.json()).toMatchObject({ phoneNumberMask: '•••••••0001', verified: false });

    const again = await t.inject({ method: 'GET', url: '/api/mfa/sendOTPForEnrol', headers });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(SEND_TOO_SOON);

    for (const [otp, message] of [
      ['', OTP_MESSAGES.required],
      ['12a456', OTP_MESSAGES.digits],
      ['12345', OTP_MESSAGES.length],
    ] as const) {
      const refused = await post('/api/mfa/verifyEnrol', { otp });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    const wrong = await post('/api/mfa/verifyEnrol', { otp: wrongCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(CODE_MESSAGES.wrong);
    expect((await post('/api/mfa/verifyEnrol', { otp: code })).statusCode).toBe(204);

    // Enrolled: the user signs in again, so the step's token is over.
    expect((await t.inject({ method: 'GET', url: '/api/mfa/device', headers })).statusCode).toBe(401);
    const [device] = await t.database.system((tx) =>
      tx.select().from(mfaDevices).where(eq(mfaDevices.userId, user.id)),
    );
    expect(device?.verifiedAt).not.toBeNull();
    const audit = await t.database.system((tx) =>
      tx
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.createUserId, user.id), eq(auditEntries.transactionType, 'MFA_PHONE'))),
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.objectData).toEqual({ phoneNumberMask: '•••••••0001' });
  });

  it('keeps codes as hashes and masks the sent text in the outbox', async () => {
    const user = await mfaUser();
    const step = stepOf(await startSignIn(user));
    await t.inject({
      method: 'POST',
      url: '/api/mfa/startEnrol',
      headers: bearer(step.token),
      payload: { phoneNumber: '15551230002' },
    });
    const code = await lastCode('15551230002');
    const [stored] = await t.database.system((tx) => tx.select().from(mfaCodes).where(eq(mfaCodes.userId, user.id)));
    expect(stored?.codeHash).not.toContain(code);
    expect(stored?.codeHash).toMatch(/^[\w-]{43}$/);
    const outbox = await t.database.system((tx) =>
      tx
        .select()
        .from(jobs)
        .where(and(eq(jobs.accountId, company.accountId), eq(jobs.type, 'sms'))),
    );
    const texts = JSON.stringify(outbox.map((job) => job.payload));
    expect(texts).not.toContain(code);
    expect(texts).not.toContain('15551230002');
    expect(texts).toContain('+•••••••0002');
  });

  it('signs in with the code sent to the phone, and only then issues tokens', async () => {
    const user = await mfaUser();
    await enrol(user, '15551230003');
    const started = await startSignIn(user);
    const step = stepOf(started);
    expect(step.path).toBe('/mfa');
    const headers = bearer(step.token);
    const device = await t.inject({ method: 'GET', url: '/api/mfa/device', headers });
    expect(device.json()).toEqual({ deviceId: step.deviceId, phoneNumberMask: '•••••••0003', verified: true });

    const notSent = await t.inject({
      method: 'POST',
      url: '/api/mfa/verifyOTP',
      headers,
      payload: { deviceId: step.deviceId, otp: '123456' },
    });
    expect(notSent.json().message).toBe(CODE_MESSAGES.none);
    expect((await t.inject({ method: 'GET', url: '/api/mfa/sendOTP', headers })).statusCode).toBe(204);
    const code = await lastCode('15551230003');
    const verify = (otp: string, deviceId = step.deviceId) =>
      t.inject({ method: 'POST', url: '/api/mfa/verifyOTP', headers, payload: { deviceId, otp } });
    expect((await verify(wrongCode(code))).json().message).toBe(CODE_MESSAGES.wrong);
    expect((await started.request(`/oidc/interaction/${step.state}/mfa-continue`)).status).toBe(403);

    const passed = await verify(code);
    expect(passed.statusCode, passed.body).toBe(200);
    const { continueUrl } = passed.json<{ continueUrl: string }>();
    expect(continueUrl).toBe(`/oidc/interaction/${step.state}/mfa-continue`);
    // A code works once.
    expect((await verify(code)).json().message).toBe(CODE_MESSAGES.none);

    const tokens = await started.complete(continueUrl);
    expect(tokens).toHaveProperty('accessToken');
    const session = await t.inject({
      method: 'POST',
      url: '/api/users/sessions',
      headers: bearer((tokens as { accessToken: string }).accessToken),
    });
    expect(session.statusCode).toBe(200);
    // The step is over: neither its token nor its continue address work again.
    expect((await t.inject({ method: 'GET', url: '/api/mfa/device', headers })).statusCode).toBe(401);
    const verified = await t.database.system((tx) =>
      tx
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.createUserId, user.id), eq(auditEntries.transactionType, 'MFA_VERIFIED'))),
    );
    expect(verified).toHaveLength(1);
  });

  it('refuses a code after 5 wrong tries, an expired code, and sends at most once a minute', async () => {
    const user = await mfaUser();
    await enrol(user, '15551230004');
    const step = stepOf(await startSignIn(user));
    const headers = bearer(step.token);
    const send = () => t.inject({ method: 'GET', url: '/api/mfa/sendOTP', headers });
    const verify = (otp: string) =>
      t.inject({ method: 'POST', url: '/api/mfa/verifyOTP', headers, payload: { deviceId: step.deviceId, otp } });

    expect((await send()).statusCode).toBe(204);
    const tooSoon = await send();
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toEqual({ code: 'RATE_LIMITED', message: SEND_TOO_SOON });
    const code = await lastCode('15551230004');
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) messages.push((await verify(wrongCode(code))).json().message);
    expect(messages).toEqual([...Array(4).fill(CODE_MESSAGES.wrong), CODE_MESSAGES.tooMany]);
    expect((await verify(code)).json().message).toBe(CODE_MESSAGES.tooMany);

    await aMinuteLater(user.id);
    expect((await send()).statusCode).toBe(204);
    const fresh = await lastCode('15551230004');
    expect(fresh).toMatch(/^\d{6}$/);
    await t.database.system((tx) =>
      tx.update(mfaCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(mfaCodes.userId, user.id)),
    );
    const expired = await verify(fresh);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(CODE_MESSAGES.expired);
  });

  it('lets the step neither replace a registered phone nor verify another user’s device', async () => {
    const user = await mfaUser();
    await enrol(user, '15551230005');
    const someone = await mfaUser();
    await enrol(someone, '15551230006');
    const [theirs] = await t.database.system((tx) =>
      tx.select().from(mfaDevices).where(eq(mfaDevices.userId, someone.id)),
    );
    const step = stepOf(await startSignIn(user));
    const headers = bearer(step.token);
    const replace = await t.inject({
      method: 'POST',
      url: '/api/mfa/startEnrol',
      headers,
      payload: { phoneNumber: '15559999999' },
    });
    expect(replace.statusCode).toBe(403);
    await t.inject({ method: 'GET', url: '/api/mfa/sendOTP', headers });
    const foreign = await t.inject({
      method: 'POST',
      url: '/api/mfa/verifyOTP',
      headers,
      payload: { deviceId: theirs?.id, otp: await lastCode('15551230005') },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('answers sendOTP and verifyOTP only to a sign-in waiting for its code', async () => {
    const user = await mfaUser();
    const headers = await t.signIn(user);
    const send = await t.inject({ method: 'GET', url: '/api/mfa/sendOTP', headers });
    expect(send.statusCode).toBe(401);
    const unknownStep = await t.inject({ method: 'GET', url: '/api/mfa/device', headers: bearer('mfa.unknown') });
    expect(unknownStep.statusCode).toBe(401);
  });

  it('Cancel ends the waiting sign-in', async () => {
    const user = await mfaUser();
    const started = await startSignIn(user);
    const step = stepOf(started);
    const cancel = await started.request(`/oidc/interaction/${step.state}/mfa-cancel`);
    expect(cancel.status).toBe(303);
    expect(cancel.headers.location).toBe(`${t.config.publicUrl}/`);
    expect((await t.inject({ method: 'GET', url: '/api/mfa/device', headers: bearer(step.token) })).statusCode).toBe(
      401,
    );
  });
});

describe('changing the verification phone from the profile', () => {
  it('keeps the old phone until the new one is verified', async () => {
    const user = await mfaUser();
    await enrol(user, '15551230007');
    const headers = await t.signIn(user);
    const start = await t.inject({
      method: 'POST',
      url: '/api/mfa/startEnrol',
      headers,
      payload: { phoneNumber: '15551230008' },
    });
    expect(start.statusCode, start.body).toBe(204);
    const before = await t.inject({ method: 'GET', url: '/api/mfa/device', headers });
    expect(before.json()).toMatchObject({ phoneNumberMask: '•••••••0007', verified: true });
    const code = await lastCode('15551230008');
    expect((await t.inject({ method: 'GET', url: '/api/mfa/sendOTPForEnrol', headers })).statusCode).toBe(429);
    const done = await t.inject({ method: 'POST', url: '/api/mfa/verifyEnrol', headers, payload: { otp: code } });
    expect(done.statusCode).toBe(204);
    const after = await t.inject({ method: 'GET', url: '/api/mfa/device', headers });
    expect(after.json()).toMatchObject({ phoneNumberMask: '•••••••0008', verified: true });
    const devices = await t.database.system((tx) => tx.select().from(mfaDevices).where(eq(mfaDevices.userId, user.id)));
    expect(devices).toHaveLength(1);
  });
});
