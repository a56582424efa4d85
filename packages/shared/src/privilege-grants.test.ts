import { describe, expect, it } from 'vitest';
import {
  assignGroupRefusal,
  changeGroupRefusal,
  changeUserRefusal,
  GRANT_REFUSALS,
  type GroupPrivileges,
  isAdminChangeRefusal,
  isWithin,
  privilegeChangeRefusal,
  workgroupChangeRefusal,
} from './privilege-grants';
import type { Privilege, PrivilegeHolder } from './privileges';

const delegate = (privileges: Privilege[]): PrivilegeHolder => ({ admin: false, privileges });
const ADMIN: PrivilegeHolder = { admin: true, privileges: [] };
const USER_EDITOR = delegate(['USER_EDIT', 'MYINCIDENT_ADD', 'REPORT_PRINT']);
const group = (userPrivileges: string[], isAdmin = false): GroupPrivileges => ({ isAdmin, userPrivileges });

const ADMINISTRATORS = group([], true);
const REPORTERS = group(['MYINCIDENT_ADD', 'REPORT_PRINT']);
const EMPTY = group([]);
const AUDITORS = group(['MYINCIDENT_ADD', 'AUDIT_VIEW']);

describe('which workgroups a user may be put into', () => {
  it('lets a delegate use groups within their own privileges only, never an admin group', () => {
    expect(assignGroupRefusal(USER_EDITOR, REPORTERS)).toBeNull();
    expect(assignGroupRefusal(USER_EDITOR, EMPTY)).toBeNull();
    // Their own group's privileges are exactly theirs: moving a user (or themselves) there is fine.
    expect(assignGroupRefusal(USER_EDITOR, group([...USER_EDITOR.privileges]))).toBeNull();
    expect(assignGroupRefusal(USER_EDITOR, AUDITORS)).toBe(GRANT_REFUSALS.assignBeyond);
    expect(assignGroupRefusal(USER_EDITOR, ADMINISTRATORS)).toBe(GRANT_REFUSALS.assignAdminGroup);
  });

  it('lets an administrator use every group', () => {
    for (const g of [REPORTERS, AUDITORS, ADMINISTRATORS]) expect(assignGroupRefusal(ADMIN, g)).toBeNull();
  });

  it('treats an admin group as beyond a delegate even when it stores no privileges', () => {
    expect(isWithin(USER_EDITOR, ADMINISTRATORS)).toBe(false);
    expect(isWithin(USER_EDITOR, EMPTY)).toBe(true);
  });
});

describe('which users and workgroups a delegate may change', () => {
  it('refuses users and groups above them, with the reason', () => {
    expect(changeUserRefusal(USER_EDITOR, REPORTERS)).toBeNull();
    expect(changeUserRefusal(USER_EDITOR, AUDITORS)).toBe(GRANT_REFUSALS.changeUserBeyond);
    expect(changeUserRefusal(USER_EDITOR, ADMINISTRATORS)).toBe(GRANT_REFUSALS.changeAdministrator);
    expect(changeGroupRefusal(USER_EDITOR, REPORTERS)).toBeNull();
    expect(changeGroupRefusal(USER_EDITOR, AUDITORS)).toBe(GRANT_REFUSALS.changeGroupBeyond);
    expect(changeGroupRefusal(USER_EDITOR, ADMINISTRATORS)).toBe(GRANT_REFUSALS.changeAdminGroup);
    expect(changeUserRefusal(ADMIN, ADMINISTRATORS)).toBeNull();
    expect(changeGroupRefusal(ADMIN, ADMINISTRATORS)).toBeNull();
  });
});

describe('single privileges and the admin flag', () => {
  const editor = delegate(['USERGROUP_EDIT', 'REPORT_PRINT', 'SYSTEM_ADMIN']);

  it('lets a delegate grant and take back only what they hold, and never SYSTEM_ADMIN', () => {
    expect(privilegeChangeRefusal(editor, 'REPORT_PRINT', true)).toBeNull();
    expect(privilegeChangeRefusal(editor, 'REPORT_PRINT', false)).toBeNull();
    expect(privilegeChangeRefusal(editor, 'ACCOUNT_ADMIN', true)).toBe(GRANT_REFUSALS.give);
    expect(privilegeChangeRefusal(editor, 'ACCOUNT_ADMIN', false)).toBe(GRANT_REFUSALS.takeAway);
    // Even one who holds it.
    expect(privilegeChangeRefusal(editor, 'SYSTEM_ADMIN', true)).toBe(GRANT_REFUSALS.systemAdmin);
    expect(privilegeChangeRefusal(ADMIN, 'SYSTEM_ADMIN', true)).toBeNull();
    expect(privilegeChangeRefusal(ADMIN, 'ACCOUNT_ADMIN', false)).toBeNull();
  });

  it("keeps 'Is admin' to administrators", () => {
    expect(isAdminChangeRefusal(editor)).toBe(GRANT_REFUSALS.isAdmin);
    expect(isAdminChangeRefusal(ADMIN)).toBeNull();
  });
});

describe('workgroupChangeRefusal', () => {
  const editor = delegate(['USERGROUP_EDIT', 'USERGROUP_ADD', 'REPORT_PRINT', 'MYINCIDENT_ADD']);

  it('allows a new group or a change within the delegate', () => {
    expect(workgroupChangeRefusal(editor, null, group(['REPORT_PRINT']))).toBeNull();
    expect(workgroupChangeRefusal(editor, REPORTERS, group(['REPORT_PRINT']))).toBeNull();
    expect(workgroupChangeRefusal(editor, EMPTY, REPORTERS)).toBeNull();
    // Renaming only (same privileges) is a change with nothing granted.
    expect(workgroupChangeRefusal(editor, REPORTERS, REPORTERS)).toBeNull();
  });

  it('refuses each way up, naming the first reason', () => {
    expect(workgroupChangeRefusal(editor, null, group([], true))).toBe(GRANT_REFUSALS.isAdmin);
    expect(workgroupChangeRefusal(editor, null, group(['ACCOUNT_ADMIN']))).toBe(GRANT_REFUSALS.give);
    expect(workgroupChangeRefusal(editor, EMPTY, group(['REPORT_PRINT', 'USER_ADD']))).toBe(GRANT_REFUSALS.give);
    expect(workgroupChangeRefusal(editor, REPORTERS, group([], true))).toBe(GRANT_REFUSALS.isAdmin);
    expect(workgroupChangeRefusal(editor, ADMINISTRATORS, group([]))).toBe(GRANT_REFUSALS.changeAdminGroup);
    expect(workgroupChangeRefusal(editor, ADMINISTRATORS, ADMINISTRATORS)).toBe(GRANT_REFUSALS.changeAdminGroup);
    expect(workgroupChangeRefusal(editor, AUDITORS, group(['MYINCIDENT_ADD']))).toBe(GRANT_REFUSALS.changeGroupBeyond);
    expect(workgroupChangeRefusal(editor, null, group(['SYSTEM_ADMIN']))).toBe(GRANT_REFUSALS.systemAdmin);
  });

  it('lets an administrator do all of it', () => {
    expect(workgroupChangeRefusal(ADMIN, REPORTERS, group([], true))).toBeNull();
    expect(workgroupChangeRefusal(ADMIN, ADMINISTRATORS, group(['SYSTEM_ADMIN']))).toBeNull();
  });
});
