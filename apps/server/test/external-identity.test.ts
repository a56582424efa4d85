import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, freePort, type TestCompany, type TestContext } from './test-app';

/**
 * The API behind an external OpenID Connect provider (OIDC_ISSUER set): a stand-in provider
 * publishes its discovery document and keys over HTTP, and users are matched by email.
 */
let t: TestContext;
let idp: Server;
let issuer: string;
let company: TestCompany;
type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let signingKey: SigningKey;
const AUDIENCE = 'urn:blotter:api';

const tokenOf = (claims: JWTPayload, key: SigningKey = signingKey) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'idp-key' })
    .setIssuer(issuer)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(key);

const call = async (method: 'POST' | 'DELETE' | 'GET', url: string, token: string) =>
  t.inject({ method, url, headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  signingKey = privateKey;
  const jwk = { ...(await exportJWK(publicKey)), kid: 'idp-key', alg: 'RS256', use: 'sig' };
  const idpPort = await freePort();
  issuer = `http://127.0.0.1:${idpPort}`;
  idp = createServer((request, response) => {
    const body =
      request.url === '/.well-known/openid-configuration'
        ? { issuer, jwks_uri: `${issuer}/jwks`, authorization_endpoint: `${issuer}/authorize` }
        : request.url === '/jwks'
          ? { keys: [jwk] }
          : undefined;
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>((resolve) => idp.listen(idpPort, '127.0.0.1', resolve));
  t = await createTestContext({
    config: {
      oidc: { embedded: false, issuer, clientId: 'blotter-spa', audience: AUDIENCE },
      webDistDir: '/nonexistent-web-dist',
    },
  });
  company = await t.createCompany({ concurrentUserCount: 50 });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => idp.close(resolve));
});

describe('with an external identity provider', () => {
  it('tells the browser to sign in there, and serves no embedded provider', async () => {
    const config = await t.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({
      oidcAuthority: issuer,
      oidcClientId: 'blotter-spa',
      oidcScope: 'openid profile email',
    });
    const discovery = await t.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(discovery.statusCode).toBe(404);
  });

  it('matches the token to the user by email, whatever its case', async () => {
    const token = await tokenOf({ sub: 'idp|1001', sid: randomUUID(), email: company.staff.email.toUpperCase() });
    const session = await call('POST', '/api/users/sessions', token);
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ userId: company.staff.id, accountId: company.accountId });
    expect((await call('GET', '/api/incidents/my', token)).statusCode).toBe(200);
  });

  it('answers 401 to an unknown email and to a token the provider did not sign', async () => {
    const unknown = await call('POST', '/api/users/sessions', await tokenOf({ sub: 'idp|1', email: 'who@x.example' }));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ code: 'UNAUTHORIZED', message: 'No Blotter user matches this sign-in.' });
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await tokenOf({ sub: 'idp|1001', email: company.staff.email }, privateKey);
    const refused = await call('POST', '/api/users/sessions', forged);
    expect(refused.statusCode).toBe(401);
    expect(refused.json<{ code: string }>().code).toBe('UNAUTHORIZED');
  });

  it('lets a user sign in again after logging out, with a new provider session (sid)', async () => {
    const first = await tokenOf({ sub: 'idp|2002', sid: randomUUID(), email: company.admin.email });
    expect((await call('POST', '/api/users/sessions', first)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/users/sessions', first)).statusCode).toBe(204);
    expect((await call('GET', '/api/notifications', first)).statusCode).toBe(401);
    const second = await tokenOf({ sub: 'idp|2002', sid: randomUUID(), email: company.admin.email });
    expect((await call('POST', '/api/users/sessions', second)).statusCode).toBe(200);
    expect((await call('GET', '/api/notifications', second)).statusCode).toBe(200);
  });

  it('lets a user sign in again after logging out when the access token carries no sid (Auth0, Entra ID)', async () => {
    const user = await t.createUser(company.accountId, { privileges: ['MYINCIDENT_ADD'] });
    // A new sign-in has a new authentication time (renewals keep it); nothing else tells them apart.
    const signedInAt = Math.floor(Date.now() / 1000) - 60;
    const first = await tokenOf({ sub: 'idp|3003', jti: randomUUID(), email: user.email, auth_time: signedInAt });
    expect((await call('POST', '/api/users/sessions', first)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/users/sessions', first)).statusCode).toBe(204);
    const second = await tokenOf({ sub: 'idp|3003', jti: randomUUID(), email: user.email, auth_time: signedInAt + 30 });
    const again = await call('POST', '/api/users/sessions', second);
    expect(again.json()).toMatchObject({ userId: user.id });
    expect(again.statusCode).toBe(200);
  });
});
