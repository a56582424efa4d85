import { randomUUID } from 'node:crypto';
import { GRANT_REFUSALS, type Privilege, type Workgroup } from '@blotter/shared';
import type { TestCompany, TestUser } from '../../../test/test-app';

/**
 * The attempts of the delegation table test (user-admin-delegation.test.ts): every user and
 * workgroup call that changes something, each made the way that would raise someone.
 */

export const HOLDERS = [
  'USER_ADD',
  'USER_EDIT',
  'USERGROUP_ADD',
  'USERGROUP_EDIT',
  'USER_DELETE',
  'USERGROUP_DELETE',
] as const;
export type Holder = (typeof HOLDERS)[number];
/** Every holder also holds this one, so groups holding only it are within them. */
export const SHARED: Privilege = 'REPORT_PRINT';

/** The company, a user within every holder (REPORT_PRINT only) and users and a group beyond them. */
export interface Targets {
  company: TestCompany;
  within: TestUser;
  beyond: TestUser;
  beyondInactive: TestUser;
  beyondEmptyGroup: Workgroup;
}

export const person = (userGroupId: string) => ({
  email: `d-${randomUUID().slice(0, 8)}@test.example`,
  password: 'Known!2345',
  firstName: 'Dee',
  lastName: 'Legate',
  userGroupId,
});
export const edit = (userGroupId: string) => ({ firstName: 'Dee', lastName: 'Legate', userGroupId });

export interface Attempt {
  what: string;
  method: 'POST' | 'PUT' | 'DELETE';
  /** The attempting user, for attempts on themselves or their own group. */
  url: (me: TestUser) => string;
  payload?: (me: TestUser) => Record<string, unknown>;
  /** The route's privileges: their holders get `refusal`, the others the missing-privilege 403. */
  route: readonly Holder[];
  refusal: string;
}

/** Each way up, against the targets of the test company. */
export const attempts = ({ company, within, beyond, beyondInactive, beyondEmptyGroup }: Targets): Attempt[] => [
  {
    what: 'adds an administrator with a known password',
    method: 'POST',
    url: () => '/api/users',
    payload: () => person(company.adminGroupId),
    route: ['USER_ADD'],
    refusal: GRANT_REFUSALS.assignAdminGroup,
  },
  {
    what: 'adds a user to a group with more privileges',
    method: 'POST',
    url: () => '/api/users',
    payload: () => person(beyond.workgroupId),
    route: ['USER_ADD'],
    refusal: GRANT_REFUSALS.assignBeyond,
  },
  {
    what: 'moves themselves into Administrators',
    method: 'PUT',
    url: (me) => `/api/users/${me.id}`,
    payload: () => edit(company.adminGroupId),
    route: ['USER_EDIT'],
    refusal: GRANT_REFUSALS.assignAdminGroup,
  },
  {
    what: 'moves a user into a group with more privileges',
    method: 'PUT',
    url: () => `/api/users/${within.id}`,
    payload: () => edit(beyond.workgroupId),
    route: ['USER_EDIT'],
    refusal: GRANT_REFUSALS.assignBeyond,
  },
  {
    what: 'demotes an administrator',
    method: 'PUT',
    url: () => `/api/users/${company.admin.id}`,
    payload: () => edit(within.workgroupId),
    route: ['USER_EDIT'],
    refusal: GRANT_REFUSALS.changeAdministrator,
  },
  {
    what: 'changes a user of a group with more privileges',
    method: 'PUT',
    url: () => `/api/users/${beyond.id}`,
    payload: () => edit(beyond.workgroupId),
    route: ['USER_EDIT'],
    refusal: GRANT_REFUSALS.changeUserBeyond,
  },
  {
    what: 'deactivates an administrator',
    method: 'PUT',
    url: () => `/api/users/deactivate/${company.admin.id}`,
    route: ['USER_EDIT'],
    refusal: GRANT_REFUSALS.changeAdministrator,
  },
  {
    what: 'activates a user of a group with more privileges',
    method: 'PUT',
    url: () => `/api/users/activate/${beyondInactive.id}`,
    route: ['USER_EDIT'],
    refusal: GRANT_REFUSALS.changeUserBeyond,
  },
  {
    what: 'deletes an administrator',
    method: 'DELETE',
    url: () => `/api/users/${company.admin.id}`,
    route: ['USER_DELETE'],
    refusal: GRANT_REFUSALS.changeAdministrator,
  },
  {
    what: 'mails an administrator a verification link',
    method: 'POST',
    url: () => '/api/users/emailVerification',
    payload: () => ({ userId: company.admin.id }),
    route: ['USER_ADD', 'USER_EDIT'],
    refusal: GRANT_REFUSALS.changeAdministrator,
  },
  {
    what: 'adds an admin group',
    method: 'POST',
    url: () => '/api/userGroups',
    payload: () => ({ name: `Mine ${randomUUID().slice(0, 8)}`, isAdmin: true }),
    route: ['USERGROUP_ADD'],
    refusal: GRANT_REFUSALS.isAdmin,
  },
  {
    what: 'adds a group with a privilege they lack',
    method: 'POST',
    url: () => '/api/userGroups',
    payload: () => ({ name: `Mine ${randomUUID().slice(0, 8)}`, userPrivileges: [SHARED, 'ACCOUNT_ADMIN'] }),
    route: ['USERGROUP_ADD'],
    refusal: GRANT_REFUSALS.give,
  },
  {
    what: 'adds a group with SYSTEM_ADMIN',
    method: 'POST',
    url: () => '/api/userGroups',
    payload: () => ({ name: `Mine ${randomUUID().slice(0, 8)}`, userPrivileges: ['SYSTEM_ADMIN'] }),
    route: ['USERGROUP_ADD'],
    refusal: GRANT_REFUSALS.systemAdmin,
  },
  {
    what: "sets 'Is admin' on a group",
    method: 'PUT',
    url: () => `/api/userGroups/${within.workgroupId}/properties`,
    payload: () => ({ isAdmin: true }),
    route: ['USERGROUP_EDIT'],
    refusal: GRANT_REFUSALS.isAdmin,
  },
  {
    what: "sets 'Is admin' on their own group through PUT /userGroups",
    method: 'PUT',
    url: () => '/api/userGroups',
    payload: (me) => ({ id: me.workgroupId, name: 'Promoted', isAdmin: true }),
    route: ['USERGROUP_EDIT'],
    refusal: GRANT_REFUSALS.isAdmin,
  },
  {
    what: 'grants ACCOUNT_ADMIN to their own group',
    method: 'POST',
    url: (me) => `/api/userGroups/${me.workgroupId}/privileges/ACCOUNT_ADMIN`,
    route: ['USERGROUP_EDIT'],
    refusal: GRANT_REFUSALS.give,
  },
  {
    what: 'grants SYSTEM_ADMIN to a group',
    method: 'POST',
    url: () => `/api/userGroups/${within.workgroupId}/privileges/SYSTEM_ADMIN`,
    route: ['USERGROUP_EDIT'],
    refusal: GRANT_REFUSALS.systemAdmin,
  },
  {
    what: 'adds a privilege they lack with the whole list',
    method: 'PUT',
    url: () => '/api/userGroups',
    payload: () => ({ id: within.workgroupId, name: 'Within', userPrivileges: [SHARED, 'USER_ADD'] }),
    route: ['USERGROUP_EDIT'],
    refusal: GRANT_REFUSALS.give,
  },
  {
    what: 'renames Administrators',
    method: 'PUT',
    url: () => `/api/userGroups/${company.adminGroupId}/properties`,
    payload: () => ({ name: 'Not yours' }),
    route: ['USERGROUP_EDIT'],
    refusal: GRANT_REFUSALS.changeAdminGroup,
  },
  {
    what: 'un-admins Administrators',
    method: 'PUT',
    url: () => '/api/userGroups',
    payload: () => ({ id: company.adminGroupId, name: 'Administrators', isAdmin: false }),
    route: ['USERGROUP_EDIT'],
    refusal: GRANT_REFUSALS.changeAdminGroup,
  },
  {
    what: 'takes a privilege from a group with more privileges',
    method: 'DELETE',
    url: () => `/api/userGroups/${beyond.workgroupId}/privileges/AUDIT_VIEW`,
    route: ['USERGROUP_EDIT'],
    refusal: GRANT_REFUSALS.changeGroupBeyond,
  },
  {
    what: 'deletes a group with more privileges',
    method: 'DELETE',
    url: () => `/api/userGroups/${beyondEmptyGroup.id}`,
    route: ['USERGROUP_DELETE'],
    refusal: GRANT_REFUSALS.changeGroupBeyond,
  },
  {
    what: 'deletes Administrators',
    method: 'DELETE',
    url: () => `/api/userGroups/${company.adminGroupId}`,
    route: ['USERGROUP_DELETE'],
    refusal: GRANT_REFUSALS.changeAdminGroup,
  },
];
