import { type SMTPServer as Server, SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fetcher, httpFetcher, type SignInResult, signInThroughProvider } from '../../../test/oidc-flow';
import { createTestContext, freePort, type TestCompany, type TestContext } from '../../../test/test-app';
import { createJobRunner } from '../../job-registry';
import { createMailer } from '../../platform/mail';

/**
 * A user added without a password receives the verification email over real SMTP, chooses a
 * password through its link, signs in through the embedded provider, and once deleted their
 * access and refresh tokens stop working.
 */

let t: TestContext;
let http: Fetcher;
let company: TestCompany;
let smtp: Server;
let smtpPort: number;
const received: string[] = [];

/** The body of a raw message, quoted-printable soft breaks and escapes undone. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

beforeAll(async () => {
  const port = await freePort();
  t = await createTestContext({ port });
  await t.app.listen({ port, host: '127.0.0.1' });
  http = httpFetcher(t.config.publicUrl);
  company = await t.createCompany({ concurrentUserCount: 20 });
  smtpPort = await freePort();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await t.close();
});

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

describe('a new user without a password, over real SMTP', () => {
  it('verifies their email, chooses a password, signs in, and loses access when deleted', async () => {
    const admin = await t.signIn(company.admin);
    const email = `smtp-${Date.now()}@test.example`;
    const added = await t.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin,
      payload: { email, firstName: 'Sam', lastName: 'Mail', userGroupId: company.staffGroupId },
    });
    expect(added.statusCode, added.body).toBe(200);
    const userId = added.json<{ id: string }>().id;

    const errors: string[] = [];
    const runner = createJobRunner(
      t.database,
      createMailer({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, from: 'blotter@test.example', dir: '' }),
      (_error, message) => errors.push(message),
      { scope: t.jobScope },
    );
    await runner.runDue();
    expect(errors).toEqual([]);
    const message = received.map(decoded).find((raw) => raw.includes(`To: ${email}`));
    expect(message).toContain('Subject: Verify your email address for Blotter');
    const link = /(http\S+\/api\/users\/verifyEmail\?token=[\w-]+)/.exec(message ?? '')?.[1] ?? '';
    const path = link.replace(t.config.publicUrl, '');
    expect(path).toMatch(/^\/api\/users\/verifyEmail\?token=/);

    const page = await http(path);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Set your password');
    const token = new URL(link).searchParams.get('token') ?? '';

    const short = await http('/api/users/verifyEmail', form({ token, password: 'abc', confirm: 'abc' }));
    expect(short.status).toBe(400);
    expect(short.body).toContain('Password length cannot be less than 4');
    const mismatch = await http('/api/users/verifyEmail', form({ token, password: 'Secret1!', confirm: 'Secret2!' }));
    expect(mismatch.body).toContain('The passwords do not match.');
    const set = await http('/api/users/verifyEmail', form({ token, password: 'Secret1!', confirm: 'Secret1!' }));
    expect(set.status).toBe(200);
    expect(set.body).toContain('your password is set');
    expect((await http(path)).status).toBe(400);

    const result = await signInThroughProvider(http, {
      publicUrl: t.config.publicUrl,
      clientId: t.config.oidc.clientId,
      email,
      password: 'Secret1!',
    });
    if (!('accessToken' in result)) throw new Error(`no tokens: ${JSON.stringify(result)}`);
    const tokens: SignInResult = result;
    const headers = { authorization: `Bearer ${tokens.accessToken}` };
    const session = await t.inject({ method: 'POST', url: '/api/users/sessions', headers });
    expect(session.json()).toMatchObject({ status: 1, userId });

    expect((await t.inject({ method: 'DELETE', url: `/api/users/${userId}`, headers: admin })).statusCode).toBe(204);
    expect((await t.inject({ method: 'GET', url: '/api/notifications', headers })).statusCode).toBe(401);
    const refresh = await http(
      '/oidc/token',
      form({
        grant_type: 'refresh_token',
        refresh_token: tokens.refreshToken ?? '',
        client_id: t.config.oidc.clientId,
      }),
    );
    expect(refresh.status).toBe(400);
    expect(refresh.body).toContain('invalid_grant');
  });
});
