import { randomUUID } from 'node:crypto';
import { PRIVILEGES, type Privilege, TOKEN_EXPIRED_MESSAGE } from '@blotter/shared';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyRouteSpec } from '../src/plugins/route';
import { createTestContext, exampleRequest, type TestCompany, type TestContext } from './test-app';

let t: TestContext;
let company: TestCompany;
const name = (route: AnyRouteSpec) => `${route.method} ${route.url}`;
const modeOf = (route: AnyRouteSpec) => route.auth ?? 'user';
const protectedRoutes = () => t.app.routeSpecs.filter((route) => modeOf(route) !== 'public');
const userRoutes = () => t.app.routeSpecs.filter((route) => modeOf(route) === 'user');
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  // No web build: the answers below must not depend on whether apps/web was built.
  t = await createTestContext({ config: { webDistDir: '/nonexistent-web-dist' } });
  // The privilege checks sign in a user per route and privilege: more than a small plan allows.
  company = await t.createCompany({ concurrentUserCount: 10_000 });
});
afterAll(() => t.close());

describe('authentication on every route', () => {
  it('leaves only the health check, the client configuration, the email links, the sign-up and the QuickBooks redirect public', () => {
    const open = t.app.routeSpecs.filter((route) => modeOf(route) === 'public').map(name);
    expect(open.sort()).toEqual([
      'GET /config',
      'GET /countries',
      'GET /health',
      'GET /siteAdmins/quickBooksCallback',
      'GET /users/resetPassword',
      'GET /users/verifyEmail',
      'POST /accounts',
    ]);
    expect(userRoutes().length).toBeGreaterThan(5);
  });

  it('answers 401 UNAUTHORIZED with a message when there is no token', async () => {
    for (const route of protectedRoutes()) {
      const response = await t.inject(exampleRequest(route));
      expect(response.statusCode, name(route)).toBe(401);
      expect(response.json(), name(route)).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String) });
      expect(response.json<{ message: string }>().message.length).toBeGreaterThan(0);
    }
  });

  it("answers 401 TOKEN_EXPIRED 'Token is expired' to an expired token", async () => {
    const token = await t.tokenFor(company.staff, { expiresIn: '-1m' });
    for (const route of protectedRoutes()) {
      const response = await t.inject({ ...exampleRequest(route), headers: bearer(token) });
      expect(response.statusCode, name(route)).toBe(401);
      expect(response.json(), name(route)).toEqual({ code: 'TOKEN_EXPIRED', message: TOKEN_EXPIRED_MESSAGE });
    }
  });

  it('answers 401 UNAUTHORIZED to a garbage token, a foreign signature and an unknown user', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ gid: randomUUID(), scope: 'api' })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt' })
      .setSubject(company.admin.id)
      .setIssuer(t.config.oidc.issuer)
      .setAudience(t.config.oidc.audience)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    const stranger = await t.tokenFor({ ...company.admin, id: randomUUID() });
    for (const token of ['not-a-jwt', forged, stranger]) {
      for (const route of protectedRoutes()) {
        const response = await t.inject({ ...exampleRequest(route), headers: bearer(token) });
        expect(response.statusCode, name(route)).toBe(401);
        expect(response.json<{ code: string }>().code, name(route)).toBe('UNAUTHORIZED');
      }
    }
  });

  it('answers 401 SESSION_ENDED on user routes after logout, and the session cannot be revived', async () => {
    const user = await t.createUser(company.accountId, { privileges: PRIVILEGES });
    const headers = await t.signIn(user);
    const before = await t.inject({ method: 'GET', url: '/api/notifications', headers });
    expect(before.statusCode).toBe(200);
    const logout = await t.inject({ method: 'DELETE', url: '/api/users/sessions', headers });
    expect(logout.statusCode).toBe(204);
    for (const route of userRoutes()) {
      const response = await t.inject({ ...exampleRequest(route), headers });
      expect(response.statusCode, name(route)).toBe(401);
      expect(response.json<{ code: string }>().code, name(route)).toBe('SESSION_ENDED');
    }
    const revive = await t.inject({ method: 'POST', url: '/api/users/sessions', headers });
    expect(revive.statusCode).toBe(401);
    expect(revive.json<{ code: string }>().code).toBe('SESSION_ENDED');
  });

  it('answers 401 SESSION_ENDED on user routes to a token whose session was never created', async () => {
    const headers = bearer(await t.tokenFor(company.staff));
    const response = await t.inject({ method: 'GET', url: '/api/incidents/my', headers });
    expect(response.statusCode).toBe(401);
    expect(response.json<{ code: string }>().code).toBe('SESSION_ENDED');
  });

  it('answers 403 USER_NOT_ACTIVE to pending and inactive users on user routes, yet lets them create a session', async () => {
    for (const status of [0, 2]) {
      const user = await t.createUser(company.accountId, { admin: true, status });
      const headers = bearer(await t.tokenFor(user));
      const session = await t.inject({ method: 'POST', url: '/api/users/sessions', headers });
      expect(session.statusCode).toBe(200);
      expect(session.json()).toMatchObject({ status, userId: user.id });
      for (const route of userRoutes()) {
        const response = await t.inject({ ...exampleRequest(route), headers });
        expect(response.statusCode, `${name(route)} status ${status}`).toBe(403);
        expect(response.json<{ code: string }>().code).toBe('USER_NOT_ACTIVE');
      }
    }
  });
});

describe('privileges on every route that needs them', () => {
  it('answer 403 FORBIDDEN to a user holding every other privilege, and pass a holder of one of them', async () => {
    const guarded = t.app.routeSpecs.filter((route) => route.privileges && route.privileges.length > 0);
    expect(guarded.map(name)).toContain('POST /incidents');
    // One signed-in user per set of privileges: many routes share theirs, and a sign-in is costly.
    const signedIn = new Map<string, Awaited<ReturnType<typeof t.signIn>>>();
    const userHolding = async (privileges: Privilege[]) => {
      const key = privileges.join(',');
      const known = signedIn.get(key);
      if (known) return known;
      const headers = await t.signIn(await t.createUser(company.accountId, { privileges }));
      signedIn.set(key, headers);
      return headers;
    };
    for (const route of guarded) {
      const needed = route.privileges ?? [];
      const others = PRIVILEGES.filter((code) => !needed.includes(code));
      const without = await userHolding(others);
      const refused = await t.inject({ ...exampleRequest(route), headers: without });
      expect(refused.statusCode, name(route)).toBe(403);
      expect(refused.json(), name(route)).toEqual({ code: 'FORBIDDEN', message: expect.any(String) });
      for (const code of needed) {
        const holder = await userHolding([code]);
        const allowed = await t.inject({ ...exampleRequest(route), headers: holder });
        expect(allowed.statusCode, `${name(route)} with ${code}`).not.toBe(403);
      }
    }
  });
});

describe('errors outside the routes', () => {
  it('answers an unknown API path with 404 JSON naming it', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/no-such-call?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'There is no API call GET /api/no-such-call.' });
  });

  it('answers other paths with a plain 404 when there is no web build', async () => {
    const response = await t.inject({ method: 'GET', url: '/dashboard' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe('Not found');
  });

  it('answers a malformed JSON body with 400 JSON, not 500', async () => {
    const headers = await t.signIn(company.staff);
    const response = await t.inject({
      method: 'POST',
      url: '/api/incidents',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"reportedDate": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: expect.stringMatching(/JSON/) });
  });
});

describe('API documentation', () => {
  it('GET /api/openapi.json is OpenAPI 3.1 listing every route and method', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(document.openapi).toMatch(/^3\.1\./);
    for (const route of t.app.routeSpecs) {
      const path = `/api${route.url}`.replace(/:([A-Za-z]+)/g, '{$1}');
      expect(document.paths[path], path).toBeDefined();
      expect(document.paths[path]?.[route.method.toLowerCase()], name(route)).toBeDefined();
    }
    expect(document.paths['/api/notifications/{id}']?.delete).toBeDefined();
    // A route answering a file documents it, not a 204.
    const print = document.paths['/api/incidents/{id}/print']?.get as { responses: Record<string, unknown> };
    expect(print.responses['200']).toEqual({
      description: 'The file',
      content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    });
    expect(print.responses['204']).toBeUndefined();
    expect(Object.keys(document.paths).some((path) => path.includes(':'))).toBe(false);
  });

  it('GET /api/docs answers a readable HTML page', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<h1>Blotter API');
    expect(response.body).toContain('/api/incidents/my');
  });
});

describe('browser security', () => {
  it('sends the security headers on the app and on the API', async () => {
    for (const url of ['/', '/dashboard', '/api/health', '/api/no-such-call']) {
      const response = await t.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy'] ?? '');
      const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
      expect(scriptSrc.trim(), url).toBe("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it("allows cross-origin calls only from the app's own origin", async () => {
    const preflight = (origin: string) =>
      t.inject({
        method: 'OPTIONS',
        url: '/api/incidents/my',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
    const own = await preflight(t.config.publicUrl);
    expect(own.statusCode).toBeLessThan(300);
    expect(own.headers['access-control-allow-origin']).toBe(t.config.publicUrl);
    const other = await preflight('https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const simple = await t.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
  });
});
