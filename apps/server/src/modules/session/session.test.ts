import { randomUUID } from 'node:crypto';
import { PRIVILEGES, STAFF_PRIVILEGES } from '@blotter/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestCompany, type TestContext, type TestUser } from '../../../test/test-app';
import { accounts, auditEntries, sessions, users, workgroups } from '../../db/schema/index';

const EXCEEDED =
  'The number of current concurrent users exceeded the max concurrent user. Please contact to your system admin.';

let t: TestContext;
let company: TestCompany;

const startSession = async (user: TestUser, sessionId = randomUUID()) => {
  const headers = { authorization: `Bearer ${await t.tokenFor(user, { sessionId })}` };
  const response = await t.inject({ method: 'POST', url: '/api/users/sessions', headers });
  return { response, headers, sessionId };
};

const nameOf = async (user: TestUser) => {
  const [row] = await t.database.system((tx) => tx.select().from(users).where(eq(users.id, user.id)));
  return row ? `${row.firstName} ${row.lastName}` : '';
};

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Session Co', concurrentUserCount: 50 });
});
afterAll(() => t.close());

describe('POST /api/users/sessions', () => {
  it('answers exactly the claims of an admin, who holds every privilege', async () => {
    const { response } = await startSession(company.admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      admin: true,
      systemAdmin: false,
      privileges: [...PRIVILEGES],
      status: 1,
      trial: true,
      measurementType: 0,
      accountId: company.accountId,
      userId: company.admin.id,
      name: await nameOf(company.admin),
    });
  });

  it('answers the staff workgroup privileges, and the company settings, for a staff user', async () => {
    await t.database.system((tx) =>
      tx.update(accounts).set({ trial: false, measurementType: 1 }).where(eq(accounts.id, company.accountId)),
    );
    const { response } = await startSession(company.staff);
    await t.database.system((tx) =>
      tx.update(accounts).set({ trial: true, measurementType: 0 }).where(eq(accounts.id, company.accountId)),
    );
    expect(response.statusCode).toBe(200);
    const claims = response.json<{ privileges: string[] }>();
    expect([...claims.privileges].sort()).toEqual([...STAFF_PRIVILEGES].sort());
    expect(claims).toMatchObject({ admin: false, status: 1, trial: false, measurementType: 1 });
  });

  it('reads privileges from the database on every call, without a new token', async () => {
    const user = await t.createUser(company.accountId, { privileges: ['MYINCIDENT_ADD'] });
    const first = await startSession(user);
    expect(first.response.json<{ privileges: string[] }>().privileges).toEqual(['MYINCIDENT_ADD']);
    await t.database.system((tx) =>
      tx
        .update(workgroups)
        .set({ privileges: ['AUDIT_VIEW', 'INCIDENT_LOCK'] })
        .where(eq(workgroups.id, user.workgroupId)),
    );
    const again = await t.inject({ method: 'POST', url: '/api/users/sessions', headers: first.headers });
    expect(again.statusCode).toBe(200);
    expect([...again.json<{ privileges: string[] }>().privileges].sort()).toEqual(['AUDIT_VIEW', 'INCIDENT_LOCK']);
    await t.database.system((tx) =>
      tx.update(workgroups).set({ isAdmin: true }).where(eq(workgroups.id, user.workgroupId)),
    );
    const promoted = await t.inject({ method: 'POST', url: '/api/users/sessions', headers: first.headers });
    expect(promoted.json()).toMatchObject({ admin: true, privileges: [...PRIVILEGES] });
  });

  it('drops unknown privilege codes stored on a workgroup', async () => {
    const user = await t.createUser(company.accountId, { privileges: ['MYINCIDENT_ADD'] });
    await t.database.system((tx) =>
      tx
        .update(workgroups)
        .set({ privileges: ['MYINCIDENT_ADD', 'MYINCIDENT_DELETE', 'NOT_A_CODE'] })
        .where(eq(workgroups.id, user.workgroupId)),
    );
    const { response } = await startSession(user);
    expect(response.json<{ privileges: string[] }>().privileges).toEqual(['MYINCIDENT_ADD']);
  });

  it('writes one AUTHENTICATION/CREATE audit entry per session, not per renewal', async () => {
    const user = await t.createUser(company.accountId, { privileges: ['MYINCIDENT_ADD'] });
    const audits = () =>
      t.database.system((tx) =>
        tx
          .select()
          .from(auditEntries)
          .where(and(eq(auditEntries.objectType, 'AUTHENTICATION'), eq(auditEntries.createUserId, user.id))),
      );
    const first = await startSession(user);
    expect(first.response.statusCode).toBe(200);
    const renewal = await startSession(user, first.sessionId);
    expect(renewal.response.statusCode).toBe(200);
    const afterOne = await audits();
    expect(afterOne).toHaveLength(1);
    expect(afterOne[0]).toMatchObject({
      accountId: company.accountId,
      transactionType: 'CREATE',
      objectName: user.email,
      objectId: user.id,
      createUserName: await nameOf(user),
    });
    await startSession(user);
    expect(await audits()).toHaveLength(2);
  });

  it('does not create a session for a pending user', async () => {
    const user = await t.createUser(company.accountId, { admin: true, status: 0 });
    const { response, sessionId } = await startSession(user);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 0, userId: user.id });
    const rows = await t.database.system((tx) => tx.select().from(sessions).where(eq(sessions.id, sessionId)));
    expect(rows).toHaveLength(0);
  });
});

describe('concurrent-user limit', () => {
  let limited: TestCompany;
  beforeAll(async () => {
    limited = await t.createCompany({ name: 'One Seat Ltd', concurrentUserCount: 1 });
  });

  it('refuses a second user while one is signed in, with the exact message', async () => {
    const first = await startSession(limited.admin);
    expect(first.response.statusCode).toBe(200);
    const second = await startSession(limited.staff);
    expect(second.response.statusCode).toBe(403);
    expect(second.response.json()).toEqual({ code: 'EXCEED_MAX_CONCURRENT_USER', message: EXCEEDED });
    const rows = await t.database.system((tx) => tx.select().from(sessions).where(eq(sessions.id, second.sessionId)));
    expect(rows).toHaveLength(0);

    const renewal = await t.inject({ method: 'POST', url: '/api/users/sessions', headers: first.headers });
    expect(renewal.statusCode).toBe(200);
    const secondDevice = await startSession(limited.admin);
    expect(secondDevice.response.statusCode).toBe(200);

    for (const headers of [first.headers, secondDevice.headers]) {
      const logout = await t.inject({ method: 'DELETE', url: '/api/users/sessions', headers });
      expect(logout.statusCode).toBe(204);
    }
    const afterLogout = await startSession(limited.staff);
    expect(afterLogout.response.statusCode).toBe(200);
    const blocked = await startSession(limited.admin);
    expect(blocked.response.statusCode).toBe(403);
  });

  it('does not count users of other companies', async () => {
    const other = await t.createCompany({ concurrentUserCount: 1 });
    const { response } = await startSession(other.admin);
    expect(response.statusCode).toBe(200);
  });

  it('does not count a session that was not renewed for longer than a token lives', async () => {
    const stale = await t.createCompany({ concurrentUserCount: 1 });
    const first = await startSession(stale.admin);
    expect(first.response.statusCode).toBe(200);
    await t.database.system((tx) =>
      tx
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - 60 * 60 * 1000) })
        .where(eq(sessions.id, first.sessionId)),
    );
    const second = await startSession(stale.staff);
    expect(second.response.statusCode).toBe(200);
  });
});

describe('DELETE /api/users/sessions', () => {
  it('ends only the session of the token', async () => {
    const user = await t.createUser(company.accountId, { privileges: ['MYINCIDENT_ADD'] });
    const laptop = await startSession(user);
    const phone = await startSession(user);
    expect([laptop.response.statusCode, phone.response.statusCode]).toEqual([200, 200]);
    const logout = await t.inject({ method: 'DELETE', url: '/api/users/sessions', headers: laptop.headers });
    expect(logout.statusCode).toBe(204);
    const onLaptop = await t.inject({ method: 'GET', url: '/api/notifications', headers: laptop.headers });
    expect(onLaptop.statusCode).toBe(401);
    const onPhone = await t.inject({ method: 'GET', url: '/api/notifications', headers: phone.headers });
    expect(onPhone.statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const response = await t.inject({ method: 'DELETE', url: '/api/users/sessions' });
    expect(response.statusCode).toBe(401);
    expect(response.json<{ code: string }>().code).toBe('UNAUTHORIZED');
  });
});

describe('GET /api/users/sessions', () => {
  it('answers the claims as they are now, without touching the session, and status 2 once deactivated', async () => {
    const user = await t.createUser(company.accountId, { privileges: ['MYINCIDENT_ADD'] });
    const { headers, sessionId } = await startSession(user);
    const seen = async () =>
      (await t.database.system((tx) => tx.select().from(sessions).where(eq(sessions.id, sessionId))))[0]?.lastSeenAt;
    const before = await seen();
    const now = await t.inject({ method: 'GET', url: '/api/users/sessions', headers });
    expect(now.statusCode).toBe(200);
    expect(now.json()).toMatchObject({ status: 1, userId: user.id, privileges: ['MYINCIDENT_ADD'] });
    expect(await seen()).toEqual(before);

    const admin = { authorization: `Bearer ${await t.tokenFor(company.admin)}` };
    await t.inject({ method: 'POST', url: '/api/users/sessions', headers: admin });
    const off = await t.inject({ method: 'PUT', url: `/api/users/deactivate/${user.id}`, headers: admin });
    expect(off.statusCode).toBe(204);
    const after = await t.inject({ method: 'GET', url: '/api/users/sessions', headers });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ status: 2, userId: user.id });
  });

  it('answers 401 without a token', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/users/sessions' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/users/offlineKey', () => {
  const keyOf = async (user: TestUser) => {
    const { headers } = await startSession(user);
    return t.inject({ method: 'GET', url: '/api/users/offlineKey', headers });
  };

  it('answers 32 bytes, the same on every call for one user and another for each other user', async () => {
    const first = await keyOf(company.staff);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const { key } = first.json<{ key: string }>();
    expect(Buffer.from(key, 'base64url')).toHaveLength(32);
    expect((await keyOf(company.staff)).json()).toEqual({ key });
    const other = await keyOf(company.admin);
    expect(other.json<{ key: string }>().key).not.toBe(key);
    const elsewhere = await t.createCompany({ name: 'Offline Key Co' });
    expect((await keyOf(elsewhere.staff)).json<{ key: string }>().key).not.toBe(key);
  });

  it('answers 403 without MYINCIDENT_ADD, who cannot record incidents on a phone', async () => {
    const reader = await t.createUser(company.accountId, { privileges: ['MYINCIDENT_SEARCH'] });
    const response = await keyOf(reader);
    expect(response.statusCode).toBe(403);
  });

  it('answers 401 without a token', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/users/offlineKey' });
    expect(response.statusCode).toBe(401);
  });
});
