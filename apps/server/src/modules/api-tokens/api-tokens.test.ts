import { randomUUID } from 'node:crypto';
import {
  API_TOKEN_PATTERN,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenPage,
  type PersonMatch,
  PRIVILEGES,
  type Privilege,
  USER_STATUS,
} from '@blotter/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyRefs, companyRefs } from '../../../test/fixtures/incident-fixtures';
import { submitIncident } from '../../../test/incidents';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { apiTokens, auditEntries, users, workgroups } from '../../db/schema/index';
import { rateLimitKey } from '../../plugins/security';
import { apiTokenHash, base62, isWellFormedApiToken, newApiTokenSecret } from './api-token-secret';

let t: TestContext;
let a: TestCompany;
let b: TestCompany;
let admin: Record<string, string>;
let refs: CompanyRefs;
let incidentA: { id: string };
let incidentB: { id: string };

beforeAll(async () => {
  t = await createTestContext();
  a = await t.createCompany({ name: 'Tokens A', concurrentUserCount: 100 });
  b = await t.createCompany({ name: 'Tokens B' });
  admin = await t.signIn(a.admin);
  refs = await companyRefs(t.database, a.accountId);
  incidentA = await submitIncident(t, admin, refs, { persons: 1 }, (fields) => ({
    ...fields,
    persons: fields.persons.map((card) => ({
      ...card,
      firstName: 'Tokyn',
      lastName: 'Privet',
      cityName: 'Hiddenville',
      stateName: 'Quietshire',
    })),
  }));
  incidentB = await submitIncident(t, await t.signIn(b.admin), await companyRefs(t.database, b.accountId));
});
afterAll(() => t.close());

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

const create = async (payload: Record<string, unknown>, headers = admin) => {
  const response = await t.inject({ method: 'POST', url: '/api/apiTokens', headers, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ApiTokenCreated>();
};

const storedToken = async (id: string) => {
  const [row] = await t.database.system((tx) => tx.select().from(apiTokens).where(eq(apiTokens.id, id)));
  if (!row) throw new Error('no token row');
  return row;
};

const list = async (headers = admin, query = 'psz=100') => {
  const response = await t.inject({ method: 'GET', url: `/api/apiTokens?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ApiTokenPage>();
};

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

describe('a call with a token', () => {
  const tokenOf = async (privileges: Privilege[], name = `Token ${randomUUID().slice(0, 6)}`, headers = admin) =>
    (await create({ name, privileges }, headers)).secret;

  it('reads a documented route under the company’s tenancy, and refuses what the token lacks with 403', async () => {
    const secret = await tokenOf(['ALLINCIDENT_SEARCH']);
    const own = await t.inject({ method: 'GET', url: `/api/incidents/${incidentA.id}`, headers: bearer(secret) });
    expect(own.statusCode, own.body).toBe(200);
    const other = await t.inject({ method: 'GET', url: `/api/incidents/${incidentB.id}`, headers: bearer(secret) });
    expect(other.statusCode).toBe(404);
    const lookups = await t.inject({
      method: 'POST',
      url: '/api/lookupSingles',
      headers: bearer(secret),
      payload: { id: randomUUID(), type: 'department', name: 'Not allowed' },
    });
    // The creator (an administrator) holds LOOKUP_ADD; the token does not.
    expect(lookups.statusCode).toBe(403);
  });

  it('never answers private person fields without PRIVACY_INFO_VIEW', async () => {
    const plain = await tokenOf(['ALLINCIDENT_SEARCH', 'MYINCIDENT_ADD']);
    const privy = await tokenOf(['ALLINCIDENT_SEARCH', 'MYINCIDENT_ADD', 'PRIVACY_INFO_VIEW']);
    const search = (secret: string) =>
      t.inject({ method: 'GET', url: '/api/persons/search?name=Tokyn', headers: bearer(secret) });
    const masked = await search(plain);
    expect(masked.statusCode, masked.body).toBe(200);
    expect(masked.json<PersonMatch[]>()[0]).toMatchObject({ firstName: 'Tokyn' });
    expect(masked.body).not.toMatch(/Hiddenville|Quietshire/);
    const whole = await search(privy);
    expect(whole.json<PersonMatch[]>()[0]).toMatchObject({ cityName: 'Hiddenville', stateName: 'Quietshire' });
  });

  it('is audited under the token’s name, with the creator as the user', async () => {
    const name = `Sync ${randomUUID().slice(0, 6)}`;
    const secret = await tokenOf(['LOOKUP_ADD'], name);
    const id = randomUUID();
    const response = await t.inject({
      method: 'POST',
      url: '/api/lookupSingles',
      headers: bearer(secret),
      payload: { id, type: 'department', name: `Dept ${id.slice(0, 6)}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [audit] = await t.database.system((tx) =>
      tx
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.accountId, a.accountId), eq(auditEntries.objectType, 'LOOKUP')))
        .orderBy(desc(auditEntries.createdAt))
        .limit(1),
    );
    expect(audit).toMatchObject({ createUserName: name, createUserId: a.admin.id });
  });

  it('records its last use at most once a minute', async () => {
    const created = await create({ name: 'Used', privileges: ['ALLINCIDENT_SEARCH'] });
    const call = () =>
      t.inject({ method: 'GET', url: `/api/incidents/${incidentA.id}`, headers: bearer(created.secret) });
    expect((await call()).statusCode).toBe(200);
    const first = (await storedToken(created.token.id)).lastUsedAt;
    expect(first).toBeInstanceOf(Date);
    expect((await call()).statusCode).toBe(200);
    expect((await storedToken(created.token.id)).lastUsedAt).toEqual(first);
    const listed = (await list()).items.find((item) => item.id === created.token.id);
    expect(listed?.lastUsedAt).toBe(first?.toISOString());
    // Over a minute ago: the next call records it again.
    await t.database.system((tx) =>
      tx
        .update(apiTokens)
        .set({ lastUsedAt: new Date(Date.now() - 120_000) })
        .where(eq(apiTokens.id, created.token.id)),
    );
    expect((await call()).statusCode).toBe(200);
    const later = (await storedToken(created.token.id)).lastUsedAt;
    expect(later?.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('is refused with 401 on the very next call after a revocation, which is audited', async () => {
    const created = await create({ name: 'Revoked', privileges: ['ALLINCIDENT_SEARCH'] });
    const call = () =>
      t.inject({ method: 'GET', url: `/api/incidents/${incidentA.id}`, headers: bearer(created.secret) });
    expect((await call()).statusCode).toBe(200);
    const revoke = await t.inject({ method: 'DELETE', url: `/api/apiTokens/${created.token.id}`, headers: admin });
    expect(revoke.statusCode).toBe(204);
    const refused = await call();
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 'UNAUTHORIZED', message: 'This API token has been revoked.' });
    const listed = (await list()).items.find((item) => item.id === created.token.id);
    expect(listed?.status).toBe('revoked');
    const audits = await t.database.system((tx) =>
      tx
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.objectId, created.token.id), eq(auditEntries.transactionType, 'REVOKE'))),
    );
    expect(audits).toHaveLength(1);
  });

  it('is refused with 401 once expired', async () => {
    const created = await create({
      name: 'Expiring',
      privileges: ['ALLINCIDENT_SEARCH'],
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const call = () =>
      t.inject({ method: 'GET', url: `/api/incidents/${incidentA.id}`, headers: bearer(created.secret) });
    expect((await call()).statusCode).toBe(200);
    await t.database.system((tx) =>
      tx
        .update(apiTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(apiTokens.id, created.token.id)),
    );
    const refused = await call();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('This API token has expired.');
    expect((await list()).items.find((item: ApiToken) => item.id === created.token.id)?.status).toBe('expired');
  });

  it('stops working when its creator is deactivated or loses one of its privileges (401)', async () => {
    const creator = await t.createUser(a.accountId, { privileges: ['ACCOUNT_ADMIN', 'ALLINCIDENT_SEARCH'] });
    const headers = await t.signIn(creator);
    const secret = await tokenOf(['ALLINCIDENT_SEARCH'], 'Creator bound', headers);
    const call = () => t.inject({ method: 'GET', url: `/api/incidents/${incidentA.id}`, headers: bearer(secret) });
    expect((await call()).statusCode).toBe(200);

    await t.database.system((tx) =>
      tx
        .update(workgroups)
        .set({ privileges: ['ACCOUNT_ADMIN'] })
        .where(eq(workgroups.id, creator.workgroupId)),
    );
    const lost = await call();
    expect(lost.statusCode).toBe(401);
    expect(lost.json().message).toBe(
      'The user who created this API token no longer holds ALLINCIDENT_SEARCH, so the token no longer works.',
    );

    await t.database.system((tx) =>
      tx
        .update(workgroups)
        .set({ privileges: ['ACCOUNT_ADMIN', 'ALLINCIDENT_SEARCH'] })
        .where(eq(workgroups.id, creator.workgroupId)),
    );
    expect((await call()).statusCode).toBe(200);
    await t.database.system((tx) =>
      tx.update(users).set({ status: USER_STATUS.INACTIVE }).where(eq(users.id, creator.id)),
    );
    const inactive = await call();
    expect(inactive.statusCode).toBe(401);
    expect(inactive.json().message).toBe(
      'The user who created this API token is no longer active, so the token no longer works.',
    );
  });

  it('answers 401 to an unknown or malformed token', async () => {
    for (const secret of [newApiTokenSecret(), 'blt_live_nope', `${newApiTokenSecret().slice(0, -1)}!`]) {
      const response = await t.inject({
        method: 'GET',
        url: `/api/incidents/${incidentA.id}`,
        headers: bearer(secret),
      });
      expect(response.statusCode, secret).toBe(401);
      expect(response.json()).toEqual({ code: 'UNAUTHORIZED', message: 'This API token is not valid.' });
    }
  });

  it('answers 403 on the calls of a person’s own sign-in, profile, two-factor and tokens', async () => {
    const secret = await tokenOf([...PRIVILEGES.filter((code) => code !== 'SYSTEM_ADMIN')]);
    const refused: [string, string][] = [
      ['DELETE', '/api/users/sessions'],
      ['POST', '/api/users/sessions'],
      ['GET', '/api/users/profile'],
      ['GET', '/api/users/requestChangePassword'],
      ['GET', '/api/mfa/device'],
      ['GET', '/api/apiTokens'],
      ['POST', '/api/apiTokens'],
    ];
    for (const [method, url] of refused) {
      const response = await t.inject({ method: method as 'GET', url, headers: bearer(secret), payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().message).toMatch(/cannot be made with an API token/);
    }
    const my = await t.inject({ method: 'GET', url: '/api/incidents/my', headers: bearer(secret) });
    expect(my.statusCode, my.body).toBe(200);
    expect(my.json<ApiTokenPage>().items.map((item) => item.id)).toContain(incidentA.id);
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
});
