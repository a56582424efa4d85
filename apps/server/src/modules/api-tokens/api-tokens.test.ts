import { randomUUID } from 'node:crypto';
import { API_TOKEN_PATTERN } from '@blotter/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenHelpers, tokenWorld } from '../../../test/fixtures/api-token-fixtures';
import type { TestCompany, TestContext } from '../../../test/test-app';
import { auditEntries } from '../../db/schema/index';
import { rateLimitKey } from '../../plugins/security';
import { apiTokenHash, base62, isWellFormedApiToken, newApiTokenSecret } from './api-token-secret';

let t: TestContext;
let a: TestCompany;
let b: TestCompany;
let admin: Record<string, string>;
let create: Helpers['create'];
let storedToken: Helpers['storedToken'];
let list: Helpers['list'];
type Helpers = ReturnType<typeof tokenHelpers>;

beforeAll(async () => {
  const world = await tokenWorld();
  ({ t, a, b, admin } = world);
  ({ create, storedToken, list } = tokenHelpers(world));
});
afterAll(() => t.close());

describe('the token format', () => {
  it('is blt_live_, 43 base62 characters and a 6-character CRC32 checksum a scanner can verify', () => {
    const secret = newApiTokenSecret();
    expect(secret).toMatch(API_TOKEN_PATTERN);
    expect(isWellFormedApiToken(secret)).toBe(true);
    // One character changed: the checksum no longer matches.
    const last = secret.at(-8) === 'a' ? 'b' : 'a';
    expect(isWellFormedApiToken(`${secret.slice(0, -8)}${last}${secret.slice(-7)}`)).toBe(false);
    expect(base62(0n, 3)).toBe('000');
    expect(base62(61n, 1)).toBe('z');
    expect(base62(62n, 2)).toBe('10');
    expect(new Set(Array.from({ length: 20 }, newApiTokenSecret)).size).toBe(20);
  });
});

describe('POST /api/apiTokens', () => {
  it('answers the secret once, stores only its SHA-256, lists a hint and audits the creation', async () => {
    const name = `BI export ${randomUUID().slice(0, 6)}`;
    const created = await create({ name, privileges: ['ALLINCIDENT_SEARCH', 'INCIDENT_ANALYSIS'] });
    expect(created.secret).toMatch(API_TOKEN_PATTERN);
    expect(created.token).toMatchObject({
      name,
      hint: created.secret.slice(0, 13),
      privileges: ['ALLINCIDENT_SEARCH', 'INCIDENT_ANALYSIS'],
      status: 'active',
      expiresAt: null,
      lastUsedAt: null,
    });
    const row = await storedToken(created.token.id);
    expect(row.tokenHash).toBe(apiTokenHash(created.secret));
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(13));

    const page = await list();
    const listed = page.items.find((item) => item.id === created.token.id);
    expect(listed).toMatchObject({ name, hint: created.secret.slice(0, 13), createdByName: expect.any(String) });
    expect(JSON.stringify(page)).not.toContain(created.secret.slice(13));

    const [audit] = await t.database.system((tx) =>
      tx
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.objectId, created.token.id), eq(auditEntries.objectType, 'API_TOKEN'))),
    );
    expect(audit).toMatchObject({ transactionType: 'CREATE', objectName: name, createUserId: a.admin.id });
    expect(JSON.stringify(audit?.objectData)).not.toContain(created.secret.slice(13));
  });

  it('refuses with 400 a privilege the creator does not hold, naming it, and SYSTEM_ADMIN always', async () => {
    const manager = await t.signIn(
      await t.createUser(a.accountId, { privileges: ['ACCOUNT_ADMIN', 'ALLINCIDENT_SEARCH'] }),
    );
    const beyond = await t.inject({
      method: 'POST',
      url: '/api/apiTokens',
      headers: manager,
      payload: { name: 'Too much', privileges: ['ALLINCIDENT_SEARCH', 'USER_DELETE'] },
    });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'You cannot give an API token the privilege USER_DELETE, which you do not hold.',
    });
    await create({ name: 'Within', privileges: ['ALLINCIDENT_SEARCH'] }, manager);
    const system = await t.inject({
      method: 'POST',
      url: '/api/apiTokens',
      headers: admin,
      payload: { name: 'Root', privileges: ['SYSTEM_ADMIN'] },
    });
    expect(system.statusCode).toBe(400);
    expect(system.json().message).toBe('SYSTEM_ADMIN cannot be given to an API token');
  });

  it('refuses a missing name, no privileges and a past expiry with 400 and a message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: ' ', privileges: ['ALLINCIDENT_SEARCH'] }, 'Name is required'],
      [{ name: 'Nothing', privileges: [] }, 'Choose at least one privilege'],
      [
        { name: 'Past', privileges: ['ALLINCIDENT_SEARCH'], expiresAt: '2020-01-01T00:00:00.000Z' },
        'The expiry date must be in the future',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await t.inject({ method: 'POST', url: '/api/apiTokens', headers: admin, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('needs ACCOUNT_ADMIN, and lists only the own company’s tokens', async () => {
    const staff = await t.signIn(a.staff);
    const refused = await t.inject({ method: 'GET', url: '/api/apiTokens', headers: staff });
    expect(refused.statusCode).toBe(403);
    const mine = await create({ name: 'A only', privileges: ['ALLINCIDENT_SEARCH'] });
    const theirs = await list(await t.signIn(b.admin));
    expect(theirs.items.map((item) => item.id)).not.toContain(mine.token.id);
    const revokeTheirs = await t.inject({
      method: 'DELETE',
      url: `/api/apiTokens/${mine.token.id}`,
      headers: await t.signIn(b.admin),
    });
    expect(revokeTheirs.statusCode).toBe(404);
    const paged = await list(admin, 'p=0&psz=1');
    expect(paged).toMatchObject({ page: 0, pageSize: 1 });
    expect(paged.items).toHaveLength(1);
    expect(paged.total).toBeGreaterThan(1);
  });
});

describe('the API documentation', () => {
  it('declares the API token scheme, and not on the calls a token cannot make', async () => {
    const document = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      security: Record<string, unknown>[];
      components: { securitySchemes: Record<string, { bearerFormat?: string }> };
      paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
    }>();
    expect(document.components.securitySchemes.apiToken?.bearerFormat).toMatch(/blt_live_/);
    expect(document.security).toContainEqual({ apiToken: [] });
    expect(document.paths['/api/incidents/{id}']?.get?.security).toBeUndefined();
    expect(document.paths['/api/users/sessions']?.delete?.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/apiTokens']?.post?.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/mfa/device']?.get?.security).toEqual([{ bearerAuth: [] }]);
  });

  it('says on the docs page how to create and use a token, with a curl example', async () => {
    const page = await t.inject({ method: 'GET', url: '/api/docs' });
    expect(page.body).toContain('Administration → API access');
    expect(page.body).toContain('curl -H "Authorization: Bearer blt_live_…"');
  });
});

describe('rate limits', () => {
  it('count a token’s calls under the token, wherever they come from, and others under the address', () => {
    const secret = newApiTokenSecret();
    const withToken = (ip: string) => rateLimitKey({ ip, headers: { authorization: `Bearer ${secret}` } });
    expect(withToken('10.0.0.1')).toBe(withToken('10.0.0.2'));
    expect(withToken('10.0.0.1')).not.toBe(rateLimitKey({ ip: '10.0.0.1', headers: {} }));
    expect(rateLimitKey({ ip: '10.0.0.1', headers: { authorization: 'Bearer eyJhbGciOi' } })).toBe('10.0.0.1');
  });

  it('still count by address a call that does not authenticate by its token: made-up tokens do not lift the limit', async () => {
    // POST /api/users/resetPassword (a form post, 20 a minute an address) reads no Authorization;
    // a well-formed token, checksum and all, is easy to make, so one per call must not give a new count.
    const post = () =>
      t.inject({
        method: 'POST',
        url: '/api/users/resetPassword',
        headers: {
          authorization: `Bearer ${newApiTokenSecret()}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'token=nope&password=x&confirm=x',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await post()).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
