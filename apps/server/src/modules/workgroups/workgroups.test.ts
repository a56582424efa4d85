import { randomUUID } from 'node:crypto';
import { LAST_ADMINISTRATOR, WORKGROUP_HAS_USERS, type Workgroup } from '@blotter/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { auditEntries } from '../../db/schema/index';

let t: TestContext;
let company: TestCompany;
let other: TestCompany;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ concurrentUserCount: 500 });
  other = await t.createCompany();
  admin = await t.signIn(company.admin);
});
afterAll(() => t.close());

const uniqueName = () => `Group ${randomUUID().slice(0, 8)}`;

const addGroup = async (payload: Record<string, unknown>, headers = admin) => {
  const response = await t.inject({ method: 'POST', url: '/api/userGroups', headers, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Workgroup>();
};

const lastAudit = async (objectId: string) => {
  const [row] = await t.database.system((tx) =>
    tx
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.objectId, objectId), eq(auditEntries.objectType, 'USER_GROUP')))
      .orderBy(desc(auditEntries.createdAt))
      .limit(1),
  );
  return row;
};

describe('POST and GET /api/userGroups', () => {
  it('adds a workgroup without the delete privileges, audits it and lists it by name', async () => {
    const name = uniqueName();
    const group = await addGroup({
      name,
      userPrivileges: ['REPORT_PRINT', 'MYINCIDENT_DELETE', 'USER_ADD', 'ALLINCIDENT_DELETE', 'USER_ADD'],
    });
    expect(group).toMatchObject({ name, isAdmin: false, userPrivileges: ['USER_ADD', 'REPORT_PRINT'], userCount: 0 });
    const audit = await lastAudit(group.id);
    expect(audit).toMatchObject({ transactionType: 'CREATE', objectName: name });
    expect(audit?.objectData).toEqual({ name, isAdmin: false, privileges: ['USER_ADD', 'REPORT_PRINT'] });

    const list = await t.inject({ method: 'GET', url: '/api/userGroups', headers: admin });
    const names = list.json<Workgroup[]>().map((g) => g.name);
    expect(names).toContain(name);
    expect(names).toEqual([...names].sort());
    expect(list.json<Workgroup[]>().find((g) => g.name === 'Staff')?.userCount).toBe(1);
    const theirs = await t.inject({ method: 'GET', url: '/api/userGroups', headers: await t.signIn(other.admin) });
    expect(theirs.json<Workgroup[]>().map((g) => g.name)).not.toContain(name);
  });

  it('saves an empty privilege list for an admin group', async () => {
    const group = await addGroup({ name: uniqueName(), isAdmin: true, userPrivileges: ['USER_ADD'] });
    expect(group.userPrivileges).toEqual([]);
  });

  it.each([
    [{ name: '' }, 'Workgroup name is required'],
    [{ name: 'x'.repeat(101) }, 'Workgroup name cannot be greater than 100'],
    [{ name: 'Odd', userPrivileges: ['FLY'] }, 'Unknown privilege: FLY'],
    [{ name: 'Staff' }, 'A workgroup with this name already exists.'],
  ])('refuses %o with its message', async (payload, message) => {
    const response = await t.inject({ method: 'POST', url: '/api/userGroups', headers: admin, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message });
  });
});

describe('PUT /api/userGroups, properties and single privileges', () => {
  it('changes name and privileges, one privilege at a time too, audited', async () => {
    const group = await addGroup({ name: uniqueName(), userPrivileges: ['AUDIT_VIEW'] });
    const name = uniqueName();
    const put = await t.inject({
      method: 'PUT',
      url: '/api/userGroups',
      headers: admin,
      payload: { id: group.id, name, userPrivileges: ['LOOKUP_ADD'] },
    });
    expect(put.json()).toMatchObject({ name, userPrivileges: ['LOOKUP_ADD'] });
    expect((await lastAudit(group.id))?.transactionType).toBe('UPDATE');

    const granted = await t.inject({
      method: 'POST',
      url: `/api/userGroups/${group.id}/privileges/AUDIT_VIEW`,
      headers: admin,
    });
    expect(granted.json<Workgroup>().userPrivileges).toEqual(['LOOKUP_ADD', 'AUDIT_VIEW']);
    const taken = await t.inject({
      method: 'DELETE',
      url: `/api/userGroups/${group.id}/privileges/LOOKUP_ADD`,
      headers: admin,
    });
    expect(taken.json<Workgroup>().userPrivileges).toEqual(['AUDIT_VIEW']);
    const stripped = await t.inject({
      method: 'POST',
      url: `/api/userGroups/${group.id}/privileges/MYINCIDENT_DELETE`,
      headers: admin,
    });
    expect(stripped.json().message).toBe('This privilege cannot be saved on a workgroup.');

    const props = await t.inject({
      method: 'PUT',
      url: `/api/userGroups/${group.id}/properties`,
      headers: admin,
      payload: { isAdmin: true },
    });
    expect(props.json()).toMatchObject({ name, isAdmin: true, userPrivileges: [] });
    const onAdmin = await t.inject({
      method: 'POST',
      url: `/api/userGroups/${group.id}/privileges/AUDIT_VIEW`,
      headers: admin,
    });
    expect(onAdmin.json().message).toBe('An admin workgroup holds every privilege.');
  });

  it("gives the group's users the new privileges on their next call", async () => {
    const group = await addGroup({ name: uniqueName(), userPrivileges: [] });
    const user = await t.createUser(company.accountId);
    await t.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: admin,
      payload: { firstName: 'G', lastName: 'H', userGroupId: group.id },
    });
    const headers = await t.signIn(user);
    expect((await t.inject({ method: 'GET', url: '/api/userGroups', headers })).statusCode).toBe(403);
    await t.inject({ method: 'POST', url: `/api/userGroups/${group.id}/privileges/USERGROUP_ADD`, headers: admin });
    expect((await t.inject({ method: 'GET', url: '/api/userGroups', headers })).statusCode).toBe(200);
  });

  it("refuses to un-admin the group of the company's last active administrator", async () => {
    const lone = await t.createCompany();
    // Only an administrator may touch an admin group (a delegate gets 403): here, the last one.
    const editor = await t.signIn(lone.admin);
    for (const [url, payload] of [
      [`/api/userGroups/${lone.adminGroupId}/properties`, { isAdmin: false }],
      ['/api/userGroups', { id: lone.adminGroupId, name: 'Administrators', isAdmin: false }],
    ] as const) {
      const response = await t.inject({ method: 'PUT', url, headers: editor, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(LAST_ADMINISTRATOR);
    }
  });
});

describe('DELETE /api/userGroups/:id', () => {
  it('refuses a workgroup with users and deletes an empty one, audited', async () => {
    const refused = await t.inject({
      method: 'DELETE',
      url: `/api/userGroups/${company.staffGroupId}`,
      headers: admin,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 'BAD_REQUEST', message: WORKGROUP_HAS_USERS });
    const group = await addGroup({ name: uniqueName() });
    const removed = await t.inject({ method: 'DELETE', url: `/api/userGroups/${group.id}`, headers: admin });
    expect(removed.statusCode).toBe(204);
    expect((await lastAudit(group.id))?.transactionType).toBe('DELETE');
    const list = await t.inject({ method: 'GET', url: '/api/userGroups', headers: admin });
    expect(list.json<Workgroup[]>().map((g) => g.id)).not.toContain(group.id);
    // Its name is free again.
    await addGroup({ name: group.name });
  });
});

describe('privileges and tenancy of every users and workgroups call', () => {
  // A user of a group with no privileges: within every delegate, so no holder is refused for rank.
  let plain: { id: string } = { id: '' };
  beforeAll(async () => {
    plain = await t.createUser(company.accountId);
  });
  const userId = () => plain.id;
  const calls = () =>
    [
      ['GET', '/api/users/search', undefined, ['USER_ADD', 'USERGROUP_DELETE']],
      ['GET', '/api/users/remains', undefined, ['USER_ADD', 'USER_EDIT']],
      ['GET', `/api/users/${userId()}`, undefined, ['USER_EDIT', 'USERGROUP_ADD']],
      [
        'POST',
        '/api/users',
        { email: 'x@y.example', firstName: 'A', lastName: 'B', userGroupId: randomUUID() },
        ['USER_ADD'],
      ],
      ['PUT', `/api/users/${userId()}`, { firstName: 'A', lastName: 'B', userGroupId: randomUUID() }, ['USER_EDIT']],
      ['DELETE', `/api/users/${randomUUID()}`, undefined, ['USER_DELETE']],
      ['PUT', `/api/users/deactivate/${randomUUID()}`, undefined, ['USER_EDIT']],
      ['PUT', `/api/users/activate/${randomUUID()}`, undefined, ['USER_EDIT']],
      ['POST', '/api/users/emailVerification', { userId: randomUUID() }, ['USER_ADD', 'USER_EDIT']],
      ['GET', '/api/userGroups', undefined, ['USERGROUP_EDIT', 'USER_DELETE']],
      ['POST', '/api/userGroups', { name: uniqueName() }, ['USERGROUP_ADD']],
      ['PUT', '/api/userGroups', { id: randomUUID(), name: 'N' }, ['USERGROUP_EDIT']],
      ['DELETE', `/api/userGroups/${randomUUID()}`, undefined, ['USERGROUP_DELETE']],
      ['PUT', `/api/userGroups/${randomUUID()}/properties`, { name: 'N' }, ['USERGROUP_EDIT']],
      ['POST', `/api/userGroups/${randomUUID()}/privileges/USER_ADD`, undefined, ['USERGROUP_EDIT']],
      ['DELETE', `/api/userGroups/${randomUUID()}/privileges/USER_ADD`, undefined, ['USERGROUP_EDIT']],
    ] as const;

  it('answers 401 without a session and 403 without the privilege, and lets each privilege through', async () => {
    const staff = await t.signIn(company.staff);
    const reportsOnly = await t.signIn(await t.createUser(company.accountId, { privileges: ['REPORT_PRINT'] }));
    for (const [method, url, payload, holders] of calls()) {
      const options = { method, url, ...(payload ? { payload } : {}) };
      expect((await t.inject(options)).statusCode, url).toBe(401);
      for (const headers of [staff, reportsOnly]) {
        const refused = await t.inject({ ...options, headers });
        expect(refused.statusCode, `${method} ${url}`).toBe(403);
      }
      for (const privilege of holders) {
        const holder = await t.signIn(await t.createUser(company.accountId, { privileges: [privilege] }));
        const response = await t.inject({ ...options, headers: holder });
        expect(response.statusCode, `${method} ${url} with ${privilege}`).not.toBe(403);
      }
    }
  });

  it("answers 404 for another company's users and workgroups", async () => {
    const theirs = await t.signIn(other.admin);
    const mine = company.staff.id;
    const group = company.staffGroupId;
    for (const [method, url, payload] of [
      ['GET', `/api/users/${mine}`, undefined],
      ['PUT', `/api/users/${mine}`, { firstName: 'A', lastName: 'B', userGroupId: other.staffGroupId }],
      ['DELETE', `/api/users/${mine}`, undefined],
      ['PUT', `/api/users/deactivate/${mine}`, undefined],
      ['PUT', `/api/users/activate/${mine}`, undefined],
      ['POST', '/api/users/emailVerification', { userId: mine }],
      ['PUT', '/api/userGroups', { id: group, name: 'Taken over' }],
      ['DELETE', `/api/userGroups/${group}`, undefined],
      ['PUT', `/api/userGroups/${group}/properties`, { name: 'Taken over' }],
      ['POST', `/api/userGroups/${group}/privileges/USER_ADD`, undefined],
      ['DELETE', `/api/userGroups/${group}/privileges/USER_ADD`, undefined],
    ] as const) {
      const response = await t.inject({ method, url, headers: theirs, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const search = await t.inject({
      method: 'GET',
      url: `/api/users/search?fk=userGroupId&fv=${group}`,
      headers: theirs,
    });
    expect(search.json().items).toEqual([]);
  });
});
