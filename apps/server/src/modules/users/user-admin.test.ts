import { randomUUID } from 'node:crypto';
import {
  type AdminUser,
  GRANT_REFUSALS,
  LAST_ADMINISTRATOR,
  PASSWORD_MESSAGE_OTHER,
  PASSWORD_MESSAGE_PRODUCTION,
  passwordSchema,
  type UserSearchResult,
} from '@blotter/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyRefs } from '../../../test/fixtures/incident-fixtures';
import { submitIncident } from '../../../test/incidents';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { auditEntries, sessions, users } from '../../db/schema/index';

let t: TestContext;
let company: TestCompany;
let other: TestCompany;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ concurrentUserCount: 50 });
  other = await t.createCompany();
  admin = await t.signIn(company.admin);
});
afterAll(() => t.close());

const newUser = (overrides: Record<string, unknown> = {}) => ({
  email: `new-${randomUUID().slice(0, 8)}@test.example`,
  firstName: 'Nora',
  lastName: 'Newman',
  position: 'Guard',
  phone: '123-456-7890',
  companyStartDate: '2024-05-01',
  userGroupId: company.staffGroupId,
  ...overrides,
});

const addUser = async (overrides: Record<string, unknown> = {}, headers = admin) => {
  const response = await t.inject({ method: 'POST', url: '/api/users', headers, payload: newUser(overrides) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminUser>();
};

const lastAudit = async (objectId: string) => {
  const [row] = await t.database.system((tx) =>
    tx
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.objectId, objectId), eq(auditEntries.objectType, 'USER')))
      .orderBy(desc(auditEntries.createdAt))
      .limit(1),
  );
  return row;
};

describe('POST /api/users', () => {
  it('adds a pending user, audits it and queues the verification email', async () => {
    const user = await addUser();
    expect(user).toMatchObject({
      firstName: 'Nora',
      status: 0,
      userGroupName: 'Staff',
      companyStartDate: '2024-05-01',
    });
    const audit = await lastAudit(user.id);
    expect(audit).toMatchObject({ transactionType: 'CREATE', objectName: 'Nora Newman' });
    expect(audit?.objectData).toEqual({
      firstName: 'Nora',
      middleName: '',
      lastName: 'Newman',
      email: user.email,
      userGroupName: 'Staff',
    });
    await t.app.jobs.runDue();
    expect(t.mailer.sent.find((m) => m.to === user.email)?.subject).toBe('Verify your email address for Blotter');
  });

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ firstName: 'x'.repeat(101) }, 'First name cannot be greater than 100'],
    [{ lastName: 'x'.repeat(101) }, 'Last name cannot be greater than 100'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address.'],
    [{ email: '' }, 'Email is required'],
    [{ password: 'abc' }, PASSWORD_MESSAGE_OTHER],
    [{ phone: '1'.repeat(21) }, 'Phone cannot be greater than 20'],
    [{ position: 'x'.repeat(101) }, 'Position cannot be greater than 100'],
    [{ userGroupId: 'nope' }, 'Workgroup is required'],
    [{ companyStartDate: '2024-02-30' }, 'Start date is not a valid date'],
  ])('refuses %o with its message', async (change, message) => {
    const response = await t.inject({ method: 'POST', url: '/api/users', headers: admin, payload: newUser(change) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message });
  });

  it('applies the production password rule in production only', () => {
    expect(passwordSchema(true).safeParse('abcd').error?.issues[0]?.message).toBe(PASSWORD_MESSAGE_PRODUCTION);
    expect(passwordSchema(true).safeParse('Abcdefg1').success).toBe(false);
    expect(passwordSchema(true).safeParse('Abcdef1!').success).toBe(true);
    expect(passwordSchema(false).safeParse('abcd').success).toBe(true);
  });

  it('refuses an email that is taken, in any company', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin,
      payload: newUser({ email: other.staff.email.toUpperCase() }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('A user with this email already exists.');
  });

  it("refuses another company's workgroup", async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin,
      payload: newUser({ userGroupId: other.staffGroupId }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Workgroup not found.');
  });
});

describe('GET /api/users/search and GET /api/users/:id', () => {
  it('pages the users of one workgroup, hides inactive users on request and filters by name', async () => {
    const group = await t.inject({
      method: 'POST',
      url: '/api/userGroups',
      headers: admin,
      payload: { name: `Paging ${randomUUID().slice(0, 6)}`, userPrivileges: ['MYINCIDENT_ADD'] },
    });
    const groupId = group.json<{ id: string }>().id;
    const added: AdminUser[] = [];
    for (const firstName of ['Ann', 'Bob', 'Cid']) added.push(await addUser({ firstName, userGroupId: groupId }));
    const search = async (query: string) => {
      const response = await t.inject({ method: 'GET', url: `/api/users/search?${query}`, headers: admin });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<UserSearchResult>();
    };
    const first = await search(`fk=userGroupId&fv=${groupId}&psz=2`);
    expect(first.items.map((u) => u.firstName)).toEqual(['Ann', 'Bob']);
    expect(first.meta).toEqual({ hasMore: true, page: 0, total: 3 });
    const second = await search(`fk=userGroupId&fv=${groupId}&psz=2&p=1`);
    expect(second.items.map((u) => u.firstName)).toEqual(['Cid']);
    expect(second.meta.hasMore).toBe(false);

    await t.database.system((tx) =>
      tx
        .update(users)
        .set({ status: 2 })
        .where(eq(users.id, added[1]?.id ?? '')),
    );
    const hidden = await search(`fk=userGroupId&fv=${groupId}&hideInactive=true`);
    expect(hidden.items.map((u) => u.firstName)).toEqual(['Ann', 'Cid']);
    expect((await search(`fk=name&fv=cid`)).items.map((u) => u.id)).toContain(added[2]?.id);

    const one = await t.inject({ method: 'GET', url: `/api/users/${added[0]?.id}`, headers: admin });
    expect(one.json()).toMatchObject({ firstName: 'Ann', userGroupId: groupId });
  });

  it('answers only the own company and 400 for a bad filter', async () => {
    const list = await t.inject({ method: 'GET', url: '/api/users/search?psz=100', headers: admin });
    expect(list.json<UserSearchResult>().items.map((u) => u.id)).not.toContain(other.admin.id);
    const bad = await t.inject({ method: 'GET', url: '/api/users/search?fk=userGroupId&fv=x', headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('fv must be a workgroup id');
    const key = await t.inject({ method: 'GET', url: '/api/users/search?fk=password', headers: admin });
    expect(key.json().message).toBe('fk must be one of userGroupId, status, name');
  });
});

describe('PUT /api/users/:id', () => {
  it('changes the fields but never the email, and audits it', async () => {
    const user = await addUser();
    const response = await t.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: admin,
      payload: { ...newUser({ firstName: 'Nina', email: 'changed@test.example' }), userGroupId: company.adminGroupId },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Nina', email: user.email, userGroupName: 'Administrators' });
    expect(await lastAudit(user.id)).toMatchObject({ transactionType: 'UPDATE', objectName: 'Nina Newman' });
  });
});

describe('deactivate, activate and delete', () => {
  it("ends a deactivated user's session at once and lets an activated one sign in again", async () => {
    const user = await t.createUser(company.accountId, { privileges: ['MYINCIDENT_ADD'] });
    const headers = await t.signIn(user);
    expect((await t.inject({ method: 'GET', url: '/api/notifications', headers })).statusCode).toBe(200);
    const off = await t.inject({ method: 'PUT', url: `/api/users/deactivate/${user.id}`, headers: admin });
    expect(off.statusCode).toBe(204);
    const refused = await t.inject({ method: 'GET', url: '/api/notifications', headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('USER_NOT_ACTIVE');
    expect((await lastAudit(user.id))?.transactionType).toBe('DEACTIVATE');
    const open = await t.database.system((tx) => tx.select().from(sessions).where(eq(sessions.userId, user.id)));
    expect(open.every((s) => s.endedAt !== null)).toBe(true);

    const again = await t.inject({ method: 'PUT', url: `/api/users/deactivate/${user.id}`, headers: admin });
    expect(again.json().message).toBe('Only an active user can be deactivated.');
    const on = await t.inject({ method: 'PUT', url: `/api/users/activate/${user.id}`, headers: admin });
    expect(on.statusCode).toBe(204);
    expect((await lastAudit(user.id))?.transactionType).toBe('ACTIVATE');
    // The old session stays ended; a new sign-in works.
    expect((await t.inject({ method: 'GET', url: '/api/notifications', headers })).statusCode).toBe(401);
    const fresh = await t.signIn(user);
    expect((await t.inject({ method: 'GET', url: '/api/notifications', headers: fresh })).statusCode).toBe(200);
  });

  it('deletes a user: refused on the next call, gone from lists, their incidents keep their name, their email free', async () => {
    const user = await t.createUser(company.accountId, { privileges: ['MYINCIDENT_ADD', 'INVESTIGATE_INCIDENT'] });
    const headers = await t.signIn(user);
    const incident = await submitIncident(t, headers, await companyRefs(t.database, company.accountId));
    const before = await t.inject({ method: 'GET', url: '/api/commons/initData', headers: admin });
    expect(before.json<{ investigators: { id: string }[] }>().investigators.map((i) => i.id)).toContain(user.id);
    const removed = await t.inject({ method: 'DELETE', url: `/api/users/${user.id}`, headers: admin });
    expect(removed.statusCode).toBe(204);
    expect((await lastAudit(user.id))?.transactionType).toBe('DELETE');
    const refused = await t.inject({ method: 'GET', url: '/api/notifications', headers });
    expect(refused.statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: admin })).statusCode).toBe(404);
    const investigators = await t.inject({ method: 'GET', url: '/api/users/investigators', headers: admin });
    expect(investigators.json<{ id: string }[]>().map((i) => i.id)).not.toContain(user.id);
    const initData = await t.inject({ method: 'GET', url: '/api/commons/initData', headers: admin });
    expect(initData.json<{ investigators: { id: string }[] }>().investigators.map((i) => i.id)).not.toContain(user.id);
    const view = await t.inject({ method: 'GET', url: `/api/incidents/${incident.id}`, headers: admin });
    expect(view.json<{ createUserName: string }>().createUserName).toMatch(/^Test User/);
    const reused = await addUser({ email: user.email });
    expect(reused.email).toBe(user.email);
  });

  it('refuses to deactivate or delete oneself', async () => {
    const self = await t.inject({ method: 'DELETE', url: `/api/users/${company.admin.id}`, headers: admin });
    expect(self.json().message).toBe('You cannot delete your own user.');
  });
});

describe('the last active administrator', () => {
  it('cannot move out of the admin workgroup; nobody else may deactivate, delete or move them', async () => {
    const lone = await t.createCompany();
    const id = lone.admin.id;
    const self = await t.inject({
      method: 'PUT',
      url: `/api/users/${id}`,
      headers: await t.signIn(lone.admin),
      payload: { firstName: 'A', lastName: 'B', userGroupId: lone.staffGroupId },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(LAST_ADMINISTRATOR);
    // A delegate is refused before the guard is asked: an administrator is above them.
    const manager = await t.signIn(await t.createUser(lone.accountId, { privileges: ['USER_EDIT', 'USER_DELETE'] }));
    for (const [method, url, payload] of [
      ['PUT', `/api/users/deactivate/${id}`, undefined],
      ['DELETE', `/api/users/${id}`, undefined],
      ['PUT', `/api/users/${id}`, { firstName: 'A', lastName: 'B', userGroupId: lone.staffGroupId }],
    ] as const) {
      const response = await t.inject({ method, url, headers: manager, ...(payload ? { payload } : {}) });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe(GRANT_REFUSALS.changeAdministrator);
    }
    const [still] = await t.database.system((tx) => tx.select().from(users).where(eq(users.id, id)));
    expect(still).toMatchObject({ status: 1, deletedAt: null, userGroupId: lone.adminGroupId });
  });
});

describe('GET /api/users/remains and POST /api/users/emailVerification', () => {
  it('answers the active users the subscription still allows, never below 0', async () => {
    const small = await t.createCompany({ concurrentUserCount: 3 });
    const headers = await t.signIn(small.admin);
    const remains = async () => (await t.inject({ method: 'GET', url: '/api/users/remains', headers })).json();
    expect(await remains()).toEqual({ remains: 1 });
    await t.createUser(small.accountId, { status: 1 });
    await t.createUser(small.accountId, { status: 1 });
    expect(await remains()).toEqual({ remains: 0 });
  });

  it('resends the link to a pending user only', async () => {
    const user = await addUser();
    const sent = await t.inject({
      method: 'POST',
      url: '/api/users/emailVerification',
      headers: admin,
      payload: { userId: user.id },
    });
    expect(sent.statusCode).toBe(204);
    const active = await t.inject({
      method: 'POST',
      url: '/api/users/emailVerification',
      headers: admin,
      payload: { userId: company.staff.id },
    });
    expect(active.json()).toEqual({ code: 'BAD_REQUEST', message: 'This email address is already verified.' });
  });
});
