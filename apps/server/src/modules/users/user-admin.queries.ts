import {
  type AdminUser,
  USER_STATUS,
  type UserSearchResult,
  UUID_PATTERN,
  type userSearchQuery,
} from '@blotter/shared';
import { and, asc, count, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { accounts, users, workgroups } from '../../db/schema/index';
import { badRequest, notFound } from '../../plugins/errors';

/** The columns of a user as the administration answers them. */
const adminUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  middleName: users.middleName,
  lastName: users.lastName,
  position: users.position,
  companyStartDate: users.companyStartDate,
  company: users.company,
  department: users.department,
  division: users.division,
  location: users.location,
  region: users.region,
  phone: users.phone,
  fax: users.fax,
  mobilePhone: users.mobilePhone,
  mfa: users.mfa,
  userGroupId: users.userGroupId,
  userGroupName: workgroups.name,
  status: users.status,
  authenticationType: users.authenticationType,
};

/** A live (not deleted) user of the tenant; another company's id is not found, as RLS hides it. */
export async function findAdminUser(tx: Executor, id: string): Promise<AdminUser> {
  const [user] = await tx
    .select(adminUserColumns)
    .from(users)
    .innerJoin(workgroups, eq(workgroups.id, users.userGroupId))
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  if (!user) throw notFound('User');
  return user;
}

function filterOf(fk: string | undefined, fv: string | undefined): SQL | undefined {
  if (!fk) return undefined;
  const value = (fv ?? '').trim();
  if (fk === 'userGroupId') {
    if (!UUID_PATTERN.test(value)) throw badRequest('fv must be a workgroup id');
    return eq(users.userGroupId, value);
  }
  if (fk === 'status') {
    if (!/^[0-2]$/.test(value)) throw badRequest('fv must be a status: 0, 1 or 2');
    return eq(users.status, Number(value));
  }
  const like = `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(${users.firstName} || ' ' || ${users.lastName} ilike ${like} or ${users.email} ilike ${like})`;
}

/** GET /users/search: one page of the company's live users, by name, with hasMore and the total. */
export async function searchUsers(tx: Executor, query: z.output<typeof userSearchQuery>): Promise<UserSearchResult> {
  const where = and(
    isNull(users.deletedAt),
    filterOf(query.fk, query.fv),
    query.hideInactive ? ne(users.status, USER_STATUS.INACTIVE) : undefined,
  );
  const [items, totals] = await Promise.all([
    tx
      .select(adminUserColumns)
      .from(users)
      .innerJoin(workgroups, eq(workgroups.id, users.userGroupId))
      .where(where)
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
      .limit(query.psz)
      .offset(query.p * query.psz),
    tx.select({ n: count() }).from(users).where(where),
  ]);
  const total = totals[0]?.n ?? 0;
  return { items, meta: { hasMore: (query.p + 1) * query.psz < total, page: query.p, total } };
}

/** How many more active users the subscription allows (never below 0). */
export async function userRemains(tx: Executor, accountId: string): Promise<number> {
  const [row] = await tx
    .select({
      limit: accounts.concurrentUserCount,
      active: sql<number>`(select count(*)::int from ${users}
        where ${users.status} = ${USER_STATUS.ACTIVE} and ${users.deletedAt} is null)`,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!row) throw notFound('Company');
  return Math.max(0, row.limit - row.active);
}

/** Active administrators of the company: live users with status active in an admin workgroup. */
export async function activeAdministrators(tx: Executor): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .innerJoin(workgroups, eq(workgroups.id, users.userGroupId))
    .where(and(eq(workgroups.isAdmin, true), eq(users.status, USER_STATUS.ACTIVE), isNull(users.deletedAt)));
  return row?.n ?? 0;
}
