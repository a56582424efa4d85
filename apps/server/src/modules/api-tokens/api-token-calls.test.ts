import { randomUUID } from 'node:crypto';
import {
  type ApiToken,
  type ApiTokenPage,
  type PersonMatch,
  PRIVILEGES,
  type Privilege,
  USER_STATUS,
} from '@blotter/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, tokenHelpers, tokenWorld } from '../../../test/fixtures/api-token-fixtures';
import type { TestCompany, TestContext } from '../../../test/test-app';
import { apiTokens, auditEntries, users, workgroups } from '../../db/schema/index';
import { newApiTokenSecret } from './api-token-secret';

/* API calls made with a token: tenancy, privileges, privacy, audit, last use, revocation, expiry, the creator. */

let t: TestContext;
let a: TestCompany;
let admin: Record<string, string>;
let incidentA: { id: string };
let incidentB: { id: string };
let create: Helpers['create'];
let storedToken: Helpers['storedToken'];
let list: Helpers['list'];
type Helpers = ReturnType<typeof tokenHelpers>;

beforeAll(async () => {
  const world = await tokenWorld();
  ({ t, a, admin, incidentA, incidentB } = world);
  ({ create, storedToken, list } = tokenHelpers(world));
});
afterAll(() => t.close());

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
      ['POST', '/api/users/avatars'],
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
