import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fetcher, httpFetcher, type SignInResult, signInThroughProvider } from './oidc-flow';
import { createTestContext, freePort, type TestCompany, type TestContext, type TestUser } from './test-app';

const WRONG_CREDENTIALS = 'Incorrect email or password.';
const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait a minute and try again.';

let t: TestContext;
let http: Fetcher;
let company: TestCompany;

const signIn = (user: Pick<TestUser, 'email' | 'password'>, fetcher: Fetcher = http) =>
  signInThroughProvider(fetcher, {
    publicUrl: t.config.publicUrl,
    clientId: t.config.oidc.clientId,
    email: user.email,
    password: user.password,
  });

function tokensOf(result: Awaited<ReturnType<typeof signIn>>): SignInResult {
  if (!('accessToken' in result)) throw new Error(`sign-in did not give tokens: ${JSON.stringify(result)}`);
  return result;
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

const authorizeUrl = (extra: Record<string, string>) =>
  `/oidc/auth?${new URLSearchParams({
    client_id: t.config.oidc.clientId,
    response_type: 'code',
    redirect_uri: `${t.config.publicUrl}/callback`,
    scope: 'openid profile email api',
    state: 'state-1',
    ...extra,
  })}`;

beforeAll(async () => {
  const port = await freePort();
  t = await createTestContext({ port });
  await t.app.listen({ port, host: '127.0.0.1' });
  // The public URL names localhost; the provider builds its URLs from it.
  http = httpFetcher(t.config.publicUrl);
  company = await t.createCompany({ name: 'Identity Co', concurrentUserCount: 50 });
});
afterAll(() => t.close());

describe('embedded OpenID Connect provider', () => {
  it('publishes its discovery document', async () => {
    const response = await http('/oidc/.well-known/openid-configuration');
    expect(response.status).toBe(200);
    const discovery = JSON.parse(response.body) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: t.config.oidc.issuer,
      authorization_endpoint: `${t.config.oidc.issuer}/auth`,
      token_endpoint: `${t.config.oidc.issuer}/token`,
      jwks_uri: `${t.config.oidc.issuer}/jwks`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(discovery.response_types_supported).toContain('code');
  });

  it('signs in with the authorization code and PKCE, giving an access token the API accepts', async () => {
    const tokens = tokensOf(await signIn(company.staff));
    expect(tokens.idToken.split('.')).toHaveLength(3);
    expect(tokens.expiresIn).toBeGreaterThan(0);
    const headers = { authorization: `Bearer ${tokens.accessToken}` };
    const session = await http('/api/users/sessions', { method: 'POST', headers });
    expect(session.status).toBe(200);
    expect(JSON.parse(session.body)).toMatchObject({ userId: company.staff.id, accountId: company.accountId });
    const mine = await http('/api/incidents/my', { headers });
    expect(mine.status).toBe(200);
  });

  it('refuses a wrong password and an unknown email with the same message and status 401', async () => {
    const user = await t.createUser(company.accountId, { privileges: ['MYINCIDENT_ADD'] });
    expect(await signIn({ email: user.email, password: 'Wrong!2345' })).toEqual({
      loginError: WRONG_CREDENTIALS,
      status: 401,
    });
    expect(await signIn({ email: 'nobody@nowhere.example', password: user.password })).toEqual({
      loginError: WRONG_CREDENTIALS,
      status: 401,
    });
  });

  it('requires PKCE with S256', async () => {
    const requests: Record<string, string>[] = [{}, { code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }];
    for (const extra of requests) {
      const response = await http(authorizeUrl(extra));
      expect(response.status).toBe(303);
      const location = new URL(String(response.headers.location));
      expect(`${location.origin}${location.pathname}`).toBe(`${t.config.publicUrl}/callback`);
      expect(location.searchParams.get('error')).toBe('invalid_request');
      expect(location.searchParams.get('code')).toBeNull();
    }
  });

  it('exchanges a refresh token for new tokens and rotates it', async () => {
    const tokens = tokensOf(await signIn(company.admin));
    expect(tokens.refreshToken).toEqual(expect.any(String));
    const refresh = (token: string) =>
      http(
        '/oidc/token',
        form({ grant_type: 'refresh_token', refresh_token: token, client_id: t.config.oidc.clientId }),
      );
    const response = await refresh(tokens.refreshToken ?? '');
    expect(response.status).toBe(200);
    const renewed = JSON.parse(response.body) as { access_token: string; refresh_token: string };
    expect(renewed.access_token).not.toBe(tokens.accessToken);
    expect(renewed.refresh_token).toEqual(expect.any(String));
    expect(renewed.refresh_token).not.toBe(tokens.refreshToken);
    const reused = await refresh(tokens.refreshToken ?? '');
    expect(reused.status).toBe(400);
    expect(JSON.parse(reused.body)).toMatchObject({ error: 'invalid_grant' });
    const session = await http('/api/users/sessions', {
      method: 'POST',
      headers: { authorization: `Bearer ${renewed.access_token}` },
    });
    expect(session.status).toBe(200);
  });

  it('refuses the sign-in with 429 after 10 failed attempts within a minute, even with the right password', async () => {
    const user = await t.createUser(company.accountId, { privileges: ['MYINCIDENT_ADD'] });
    for (let attempt = 1; attempt <= 10; attempt++) {
      const result = await signIn({ email: user.email, password: `Wrong-${attempt}` });
      expect(result, `attempt ${attempt}`).toEqual({ loginError: WRONG_CREDENTIALS, status: 401 });
    }
    expect(await signIn(user)).toEqual({ loginError: TOO_MANY_ATTEMPTS, status: 429 });
    // Another person signing in from the same address is not locked out.
    const colleague = await t.createUser(company.accountId, { privileges: ['MYINCIDENT_ADD'] });
    expect('accessToken' in (await signIn(colleague))).toBe(true);
  });

  it('redirects back with access_denied / EXCEED_MAX_CONCURRENT_USER when the company is at its limit', async () => {
    const full = await t.createCompany({ name: 'Full House', concurrentUserCount: 1 });
    await t.signIn(full.admin);
    expect(await signIn(full.staff)).toEqual({
      error: 'access_denied',
      errorDescription: 'EXCEED_MAX_CONCURRENT_USER',
    });
  });

  it('sets only httpOnly, SameSite cookies', async () => {
    const cookies: string[] = [];
    const recording: Fetcher = async (url, init) => {
      const response = await http(url, init);
      cookies.push(...([] as string[]).concat(response.headers['set-cookie'] ?? []));
      return response;
    };
    tokensOf(await signIn(company.staff, recording));
    const names = cookies.map((line) => line.split('=')[0]);
    expect(names).toEqual(expect.arrayContaining(['_interaction', '_session']));
    for (const line of cookies) {
      expect(line.toLowerCase(), line).toContain('httponly');
      expect(line.toLowerCase(), line).toMatch(/samesite=(lax|strict)/);
    }
  });

  it('does not exchange an authorization code without its PKCE verifier', async () => {
    const refused: Record<string, number> = {};
    // Tries the real code without and with a wrong verifier before the helper's own exchange.
    const intercepting: Fetcher = async (url, init) => {
      if (url === '/oidc/token' && init?.body) {
        const fields = Object.fromEntries(new URLSearchParams(init.body));
        const { code_verifier: _verifier, ...withoutVerifier } = fields;
        refused.missing = (await http(url, { ...init, ...form(withoutVerifier) })).status;
        refused.wrong = (await http(url, { ...init, ...form({ ...fields, code_verifier: 'x'.repeat(43) }) })).status;
      }
      return http(url, init);
    };
    const result = await signIn(company.staff, intercepting);
    expect(refused).toEqual({ missing: 400, wrong: 400 });
    expect('accessToken' in result).toBe(true);
  });
});
