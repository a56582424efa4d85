import {
  changeGroupRefusal,
  isPrivilege,
  PRIVILEGES,
  UNSAVABLE_PRIVILEGES,
  WORKGROUP_HAS_USERS,
  type Workgroup,
  workgroupChangeRefusal,
  type workgroupInput,
  type workgroupProperties,
} from '@blotter/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor, Tx } from '../../db/client';
import { users, workgroups } from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { badRequest, notFound } from '../../plugins/errors';
import { writeAudit } from '../audit/audit.service';
import { isUniqueViolation, keepingAnAdministrator } from '../users/administrator-guard';
import { refuseWith } from '../users/user-admin.policy';

const NAME_TAKEN = 'A workgroup with this name already exists.';
/** A company has a handful of workgroups; the list is answered whole but bounded. */
const MAX_WORKGROUPS = 500;

// Written with aliases: drizzle leaves columns unqualified in a one-table select, where "id" would
// name the user's id inside this subquery.
const liveUsers = sql<number>`(select count(*)::int from ${users} u
  where u.user_group_id = ${workgroups}.id and u.deleted_at is null)`;

const columns = {
  id: workgroups.id,
  name: workgroups.name,
  isAdmin: workgroups.isAdmin,
  userPrivileges: workgroups.privileges,
  userCount: liveUsers,
};

export function listWorkgroups(tx: Executor): Promise<Workgroup[]> {
  return tx
    .select(columns)
    .from(workgroups)
    .where(isNull(workgroups.deletedAt))
    .orderBy(asc(workgroups.name))
    .limit(MAX_WORKGROUPS);
}

/**
 * A live workgroup of the tenant. A change locks its row first, so what the delegation rules judge
 * is what the change then builds on (a concurrent change waits instead of being overwritten).
 */
async function findWorkgroup(tx: Executor, id: string, forUpdate = false): Promise<Workgroup> {
  const query = tx
    .select(columns)
    .from(workgroups)
    .where(and(eq(workgroups.id, id), isNull(workgroups.deletedAt)));
  const [group] = await (forUpdate ? query.for('update') : query);
  if (!group) throw notFound('Workgroup');
  return group;
}

/**
 * The privileges a workgroup stores: none for an admin group (it holds them all), never the
 * delete privileges of spec 3 §4, known codes only, in the list's order.
 */
export function savedPrivileges(isAdmin: boolean, codes: readonly string[]): string[] {
  if (isAdmin) return [];
  const wanted = codes.filter((code) => !UNSAVABLE_PRIVILEGES.includes(code));
  const unknown = wanted.find((code) => !isPrivilege(code));
  if (unknown !== undefined) throw badRequest(`Unknown privilege: ${unknown.slice(0, 50)}`);
  return PRIVILEGES.filter((code) => wanted.includes(code));
}

function auditWorkgroup(tx: Tx, principal: Principal, group: Workgroup, transactionType: string) {
  return writeAudit(tx, principal, {
    objectType: 'USER_GROUP',
    transactionType,
    objectId: group.id,
    objectName: group.name,
    objectData: { name: group.name, isAdmin: group.isAdmin, privileges: group.userPrivileges },
  });
}

const nameTaken = (error: unknown) => {
  throw isUniqueViolation(error) ? badRequest(NAME_TAKEN) : error;
};

export async function createWorkgroup(
  tx: Tx,
  principal: Principal,
  input: z.output<typeof workgroupInput>,
): Promise<Workgroup> {
  const privileges = savedPrivileges(input.isAdmin, input.userPrivileges);
  refuseWith(workgroupChangeRefusal(principal, null, { isAdmin: input.isAdmin, userPrivileges: privileges }));
  const [row] = await tx
    .insert(workgroups)
    .values({ accountId: principal.accountId, name: input.name, isAdmin: input.isAdmin, privileges })
    .returning({ id: workgroups.id })
    .catch(nameTaken);
  if (!row) throw new Error('workgroup not inserted');
  const group = await findWorkgroup(tx, row.id);
  await auditWorkgroup(tx, principal, group, 'CREATE');
  return group;
}

/**
 * Changes name, admin flag and privileges; un-admin-ing the last administrators' group is refused,
 * and so is any change a non-administrator may not make (403).
 */
export async function updateWorkgroup(
  tx: Tx,
  principal: Principal,
  id: string,
  change: { name?: string; isAdmin?: boolean; privileges?: readonly string[] },
): Promise<Workgroup> {
  const current = await findWorkgroup(tx, id, true);
  const isAdmin = change.isAdmin ?? current.isAdmin;
  const privileges = savedPrivileges(isAdmin, change.privileges ?? current.userPrivileges);
  refuseWith(workgroupChangeRefusal(principal, current, { isAdmin, userPrivileges: privileges }));
  return keepingAnAdministrator(tx, principal.accountId, async () => {
    await tx
      .update(workgroups)
      .set({ name: change.name ?? current.name, isAdmin, privileges })
      .where(eq(workgroups.id, id))
      .catch(nameTaken);
    const group = await findWorkgroup(tx, id);
    await auditWorkgroup(tx, principal, group, 'UPDATE');
    return group;
  });
}

export const updateWorkgroupProperties = (
  tx: Tx,
  principal: Principal,
  id: string,
  input: z.output<typeof workgroupProperties>,
) => updateWorkgroup(tx, principal, id, input);

/** POST or DELETE /userGroups/{id}/privileges/{privilege}: grants or takes back one code. */
export async function changePrivilege(
  tx: Tx,
  principal: Principal,
  id: string,
  privilege: string,
  grant: boolean,
): Promise<Workgroup> {
  const current = await findWorkgroup(tx, id, true);
  // A group beyond the principal is refused before its own rules (an admin group's 400) are told.
  refuseWith(changeGroupRefusal(principal, current));
  if (UNSAVABLE_PRIVILEGES.includes(privilege)) throw badRequest('This privilege cannot be saved on a workgroup.');
  if (!isPrivilege(privilege)) throw badRequest(`Unknown privilege: ${privilege}`);
  if (current.isAdmin) throw badRequest('An admin workgroup holds every privilege.');
  const others = current.userPrivileges.filter((code) => code !== privilege);
  return updateWorkgroup(tx, principal, id, { privileges: grant ? [...others, privilege] : others });
}

/** Deletes an empty workgroup (kept for the deleted users that still name it). */
export async function deleteWorkgroup(tx: Tx, principal: Principal, id: string) {
  const group = await findWorkgroup(tx, id, true);
  refuseWith(changeGroupRefusal(principal, group));
  if (group.userCount > 0) throw badRequest(WORKGROUP_HAS_USERS);
  await tx.update(workgroups).set({ deletedAt: sql`now()` }).where(eq(workgroups.id, id));
  await auditWorkgroup(tx, principal, group, 'DELETE');
}
