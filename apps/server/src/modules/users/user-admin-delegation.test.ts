import { randomUUID } from 'node:crypto';
import { type AdminUser, GRANT_REFUSALS, type Workgroup } from '@blotter/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attempts,
  edit,
  HOLDERS,
  type Holder,
  person,
  SHARED,
} from '../../../test/fixtures/user-admin-delegation-attempts';
import { createTestContext, type TestCompany, type TestContext, type TestUser } from '../../../test/test-app';
import { users, workgroups } from '../../db/schema/index';

/**
 * Delegated administration (spec 3 §6, issue 26): a holder of USER_ADD, USER_EDIT, USERGROUP_ADD or
 * USERGROUP_EDIT (and of the two delete privileges) gives nobody, themselves included, more than
 * they hold. Every user and workgroup call that changes something is tried by each holder in the
 * way that would raise someone: the holder of the route's privilege gets 403 with the reason, the
 * others 403 for the missing privilege, and nothing changes.
 */

const NO_PERMISSION = 'You do not have permission.';

let t: TestContext;
let company: TestCompany;
let admin: Record<string, string>;
const holders = new Map<Holder, { user: TestUser; headers: Record<string, string> }>();
/** A group within every holder (REPORT_PRINT only), an empty one, and one beyond them (AUDIT_VIEW). */
let within: TestUser;
let empty: Workgroup;
let beyond: TestUser;
let beyondInactive: TestUser;
let beyondEmptyGroup: Workgroup;

const addGroup = async (payload: Record<string, unknown>, headers = admin) => {
  const response = await t.inject({ method: 'POST', url: '/api/userGroups', headers, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Workgroup>();
};

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ concurrentUserCount: 500 });
  admin = await t.signIn(company.admin);
  for (const privilege of HOLDERS) {
    const user = await t.createUser(company.accountId, { privileges: [privilege, SHARED] });
    holders.set(privilege, { user, headers: await t.signIn(user) });
  }
  within = await t.createUser(company.accountId, { privileges: [SHARED] });
  beyond = await t.createUser(company.accountId, { privileges: [SHARED, 'AUDIT_VIEW'] });
  beyondInactive = await t.createUser(company.accountId, { privileges: ['AUDIT_VIEW'], status: 2 });
  empty = await addGroup({ name: `Empty ${randomUUID().slice(0, 8)}` });
  beyondEmptyGroup = await addGroup({ name: `Auditors ${randomUUID().slice(0, 8)}`, userPrivileges: ['AUDIT_VIEW'] });
});
afterAll(() => t.close());

/** Every user and workgroup of the company as stored (what no refused call may change). */
const snapshot = () =>
  t.database.system(async (tx) => ({
    users: await tx
      .select({ id: users.id, group: users.userGroupId, status: users.status, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.accountId, company.accountId))
      .orderBy(asc(users.id)),
    groups: await tx
      .select({
        id: workgroups.id,
        name: workgroups.name,
        isAdmin: workgroups.isAdmin,
        privileges: workgroups.privileges,
      })
      .from(workgroups)
      .where(eq(workgroups.accountId, company.accountId))
      .orderBy(asc(workgroups.id)),
  }));

describe('delegated administration: each way up is refused', () => {
  it('answers 403 with the reason to the holder of the route and 403 to the others, changing nothing', async () => {
    const before = await snapshot();
    for (const attempt of attempts({ company, within, beyond, beyondInactive, beyondEmptyGroup })) {
      for (const holder of HOLDERS) {
        const { user, headers } = holders.get(holder) ?? {};
        if (!user || !headers) throw new Error(`no ${holder} holder`);
        const payload = attempt.payload?.(user);
        const response = await t.inject({
          method: attempt.method,
          url: attempt.url(user),
          headers,
          ...(payload ? { payload } : {}),
        });
        const label = `${holder} ${attempt.what} (${attempt.method} ${attempt.url(user)})`;
        expect(response.statusCode, `${label}: ${response.body}`).toBe(403);
        const message = attempt.route.includes(holder) ? attempt.refusal : NO_PERMISSION;
        expect(response.json(), label).toEqual({ code: 'FORBIDDEN', message });
      }
    }
    expect(await snapshot()).toEqual(before);
    // The USER_EDIT holder's next session is not an administrator's.
    const editor = holders.get('USER_EDIT')?.user;
    if (!editor) throw new Error('no USER_EDIT holder');
    const settings = await t.inject({ method: 'GET', url: '/api/accounts/settings', headers: await t.signIn(editor) });
    expect(settings.statusCode).toBe(403);
  });
});

describe('delegated administration: what stays allowed', () => {
  const headersOf = (holder: Holder) => {
    const headers = holders.get(holder)?.headers;
    if (!headers) throw new Error(`no ${holder} holder`);
    return headers;
  };

  it('lets a USER_EDIT holder move, change, deactivate and activate users within their privileges', async () => {
    const headers = headersOf('USER_EDIT');
    const moved = await t.inject({ method: 'PUT', url: `/api/users/${within.id}`, headers, payload: edit(empty.id) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<AdminUser>().userGroupId).toBe(empty.id);
    const back = await t.inject({
      method: 'PUT',
      url: `/api/users/${within.id}`,
      headers,
      payload: edit(within.workgroupId),
    });
    expect(back.json<AdminUser>().userGroupId).toBe(within.workgroupId);
    const self = holders.get('USER_EDIT')?.user;
    const own = await t.inject({
      method: 'PUT',
      url: `/api/users/${self?.id}`,
      headers,
      payload: { ...edit(self?.workgroupId ?? ''), position: 'Office manager' },
    });
    expect(own.statusCode, own.body).toBe(200);
    for (const action of ['deactivate', 'activate']) {
      const response = await t.inject({ method: 'PUT', url: `/api/users/${action}/${within.id}`, headers });
      expect(response.statusCode, `${action}: ${response.body}`).toBe(204);
    }
    // Reading users above them stays open: the Workgroups card lists every group's users.
    const adminRow = await t.inject({ method: 'GET', url: `/api/users/${company.admin.id}`, headers });
    expect(adminRow.statusCode).toBe(200);
  });

  it('lets a USER_ADD holder add a user to a group within their privileges', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/users',
      headers: headersOf('USER_ADD'),
      payload: person(within.workgroupId),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminUser>().userGroupId).toBe(within.workgroupId);
  });

  it('lets workgroup holders add, change and delete groups within their privileges', async () => {
    const added = await addGroup(
      { name: `Reporters ${randomUUID().slice(0, 8)}`, userPrivileges: [SHARED, 'USERGROUP_ADD'] },
      headersOf('USERGROUP_ADD'),
    );
    expect(added.userPrivileges).toEqual(['USERGROUP_ADD', SHARED]);
    const headers = headersOf('USERGROUP_EDIT');
    const granted = await t.inject({
      method: 'POST',
      url: `/api/userGroups/${empty.id}/privileges/${SHARED}`,
      headers,
    });
    expect(granted.json<Workgroup>().userPrivileges).toEqual([SHARED]);
    const renamed = await t.inject({
      method: 'PUT',
      url: '/api/userGroups',
      headers,
      payload: { id: empty.id, name: `${empty.name} (renamed)`, userPrivileges: ['USERGROUP_EDIT'] },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<Workgroup>()).toMatchObject({ isAdmin: false, userPrivileges: ['USERGROUP_EDIT'] });
    // Taking a privilege from their own group is giving up, not raising.
    const me = holders.get('USERGROUP_EDIT')?.user;
    const dropped = await t.inject({
      method: 'DELETE',
      url: `/api/userGroups/${me?.workgroupId}/privileges/${SHARED}`,
      headers,
    });
    expect(dropped.json<Workgroup>().userPrivileges).toEqual(['USERGROUP_EDIT']);
    const removed = await t.inject({
      method: 'DELETE',
      url: `/api/userGroups/${added.id}`,
      headers: headersOf('USERGROUP_DELETE'),
    });
    // USERGROUP_ADD is not the deleter's: the group is beyond them.
    expect(removed.json()).toEqual({ code: 'FORBIDDEN', message: GRANT_REFUSALS.changeGroupBeyond });
    const within2 = await addGroup({ name: `Plain ${randomUUID().slice(0, 8)}`, userPrivileges: [SHARED] });
    const deleted = await t.inject({
      method: 'DELETE',
      url: `/api/userGroups/${within2.id}`,
      headers: headersOf('USERGROUP_DELETE'),
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
  });

  it('leaves administrators every power', async () => {
    const promoted = await t.inject({
      method: 'PUT',
      url: `/api/users/${beyond.id}`,
      headers: admin,
      payload: edit(company.adminGroupId),
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const system = await t.inject({
      method: 'POST',
      url: `/api/userGroups/${beyond.workgroupId}/privileges/SYSTEM_ADMIN`,
      headers: admin,
    });
    expect(system.json<Workgroup>().userPrivileges).toContain('SYSTEM_ADMIN');
    const flagged = await addGroup({ name: `Admins ${randomUUID().slice(0, 8)}`, isAdmin: true });
    expect(flagged.isAdmin).toBe(true);
  });
});
