import type { Investigator } from '@blotter/shared';
import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users, workgroups } from '../../db/schema/index';

/** Active users who may investigate incidents (INVESTIGATE_INCIDENT or an admin workgroup). */
export async function listInvestigators(tx: Tx): Promise<Investigator[]> {
  return tx
    .select({
      id: users.id,
      name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
    })
    .from(users)
    .innerJoin(workgroups, eq(workgroups.id, users.userGroupId))
    .where(
      and(
        eq(users.status, 1),
        or(eq(workgroups.isAdmin, true), sql`'INVESTIGATE_INCIDENT' = any(${workgroups.privileges})`),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName));
}

/** Users with a profile picture, for avatars shown next to names. */
export async function listUserAvatars(tx: Tx): Promise<{ userId: string; avatarKey: string }[]> {
  const rows = await tx
    .select({ userId: users.id, avatarKey: users.avatarKey })
    .from(users)
    .where(isNotNull(users.avatarKey));
  return rows.map((r) => ({ userId: r.userId, avatarKey: r.avatarKey ?? '' }));
}
