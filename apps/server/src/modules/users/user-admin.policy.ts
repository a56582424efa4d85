import {
  type AdminUser,
  assignGroupRefusal,
  changeUserRefusal,
  type GroupPrivileges,
  type PrivilegeHolder,
} from '@blotter/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { workgroups } from '../../db/schema/index';
import { badRequest, forbidden, notFound } from '../../plugins/errors';
import { findAdminUser } from './user-admin.queries';

/**
 * Delegated administration on the server: the shared rules of `privilege-grants.ts` (which the web
 * uses to offer only what is allowed) asked by every user and workgroup change, answered 403 with
 * their reason. Refusals come after the object is found, so another company's ids stay 404.
 */

/** Throws 403 with the rule's reason when there is one. */
export function refuseWith(reason: string | null): void {
  if (reason) throw forbidden(reason);
}

async function groupPrivileges(tx: Executor, id: string, live: boolean): Promise<GroupPrivileges | undefined> {
  const [group] = await tx
    .select({ isAdmin: workgroups.isAdmin, userPrivileges: workgroups.privileges })
    .from(workgroups)
    .where(and(eq(workgroups.id, id), live ? isNull(workgroups.deletedAt) : undefined));
  return group;
}

/**
 * The live workgroup a user is to be put into, which the principal may assign; an id that names
 * none (or another company's) is bad input.
 */
export async function authorizeAssignment(tx: Executor, principal: PrivilegeHolder, groupId: string) {
  const group = await groupPrivileges(tx, groupId, true);
  if (!group) throw badRequest('Workgroup not found.');
  refuseWith(assignGroupRefusal(principal, group));
}

/** The user (404 when not the company's) whose current workgroup the principal may act on. */
export async function authorizeUserChange(tx: Executor, principal: PrivilegeHolder, id: string): Promise<AdminUser> {
  const user = await findAdminUser(tx, id);
  if (principal.admin) return user;
  // findAdminUser joined the group, so it exists; deleted or not, it is what the user holds.
  const group = await groupPrivileges(tx, user.userGroupId, false);
  if (!group) throw notFound('User');
  refuseWith(changeUserRefusal(principal, group));
  return user;
}
