import type { PrivilegeHolder } from './privileges';

/**
 * Delegated administration (spec 3 §6): nobody grants what they do not hold. The server refuses
 * with these reasons (403) and the web disables the same choices with them, so a holder of
 * USER_EDIT, USER_ADD, USERGROUP_EDIT or USERGROUP_ADD cannot make anyone (themselves included)
 * more powerful than they are. Administrators (members of an admin workgroup) keep every power.
 *
 * A workgroup is "within" a non-administrator when it is not an admin group and every privilege it
 * holds is one of theirs. Everything a non-administrator touches must be within them: the group a
 * user is put in, the group a user is taken out of (or otherwise changed in), and any group they
 * change or delete. Otherwise demoting, disabling or deleting those above them, or renaming the
 * Administrators group, would be open to them.
 */

/** What the rules need of a workgroup (the shape of `Workgroup` in the user-admin schemas). */
export interface GroupPrivileges {
  isAdmin: boolean;
  userPrivileges: readonly string[];
}

export const GRANT_REFUSALS = {
  assignAdminGroup: 'Only an administrator can put a user into an admin workgroup.',
  assignBeyond: 'You cannot put a user into a workgroup with privileges you do not have.',
  changeAdministrator: 'Only an administrator can change an administrator.',
  changeUserBeyond: 'You cannot change a user whose workgroup has privileges you do not have.',
  changeAdminGroup: 'Only an administrator can change an admin workgroup.',
  changeGroupBeyond: 'You cannot change a workgroup that has privileges you do not have.',
  isAdmin: "Only an administrator can set or clear 'Is admin'.",
  give: 'You cannot give privileges you do not have.',
  takeAway: 'You cannot take away privileges you do not have.',
  systemAdmin: 'Only an administrator can change System administration.',
} as const;

const holds = (holder: PrivilegeHolder, code: string) => holder.privileges.includes(code);

/** True when every privilege of the group is the holder's and it is not an admin group. */
export function isWithin(holder: PrivilegeHolder, group: GroupPrivileges): boolean {
  if (holder.admin) return true;
  return !group.isAdmin && group.userPrivileges.every((code) => holds(holder, code));
}

/** Why the holder may not put a user (themselves included) into this workgroup; null when they may. */
export function assignGroupRefusal(holder: PrivilegeHolder, group: GroupPrivileges): string | null {
  if (isWithin(holder, group)) return null;
  return group.isAdmin ? GRANT_REFUSALS.assignAdminGroup : GRANT_REFUSALS.assignBeyond;
}

/**
 * Why the holder may not change, move, deactivate, activate, delete or mail a user who is now in
 * this workgroup; null when they may.
 */
export function changeUserRefusal(holder: PrivilegeHolder, currentGroup: GroupPrivileges): string | null {
  if (isWithin(holder, currentGroup)) return null;
  return currentGroup.isAdmin ? GRANT_REFUSALS.changeAdministrator : GRANT_REFUSALS.changeUserBeyond;
}

/** Why the holder may not change or delete this workgroup at all; null when they may. */
export function changeGroupRefusal(holder: PrivilegeHolder, group: GroupPrivileges): string | null {
  if (isWithin(holder, group)) return null;
  return group.isAdmin ? GRANT_REFUSALS.changeAdminGroup : GRANT_REFUSALS.changeGroupBeyond;
}

/** Why the holder may not grant (or take back) this one privilege on a workgroup; null when they may. */
export function privilegeChangeRefusal(holder: PrivilegeHolder, code: string, grant: boolean): string | null {
  if (holder.admin) return null;
  // SYSTEM_ADMIN is the installation's, not the company's: only an administrator moves it.
  if (code === 'SYSTEM_ADMIN') return GRANT_REFUSALS.systemAdmin;
  if (holds(holder, code)) return null;
  return grant ? GRANT_REFUSALS.give : GRANT_REFUSALS.takeAway;
}

/** Why the holder may not set or clear 'Is admin'; null for administrators. */
export function isAdminChangeRefusal(holder: PrivilegeHolder): string | null {
  return holder.admin ? null : GRANT_REFUSALS.isAdmin;
}

/**
 * Why the holder may not turn a workgroup from `before` (null: a new one) into `after`; null when
 * they may. The group itself must be within them, 'Is admin' must not change, and each privilege
 * granted or taken back must be one they may change.
 */
export function workgroupChangeRefusal(
  holder: PrivilegeHolder,
  before: GroupPrivileges | null,
  after: GroupPrivileges,
): string | null {
  if (holder.admin) return null;
  if (before) {
    const refusal = changeGroupRefusal(holder, before);
    if (refusal) return refusal;
  }
  if (after.isAdmin !== (before?.isAdmin ?? false)) return isAdminChangeRefusal(holder);
  const had = new Set(before?.userPrivileges ?? []);
  const has = new Set(after.userPrivileges);
  for (const code of has) {
    if (!had.has(code)) {
      const refusal = privilegeChangeRefusal(holder, code, true);
      if (refusal) return refusal;
    }
  }
  for (const code of had) {
    if (!has.has(code)) {
      const refusal = privilegeChangeRefusal(holder, code, false);
      if (refusal) return refusal;
    }
  }
  return null;
}
