import type { Profile, ProfileUpdate } from '@blotter/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { users, workgroups } from '../../db/schema/index';
import type { FileSigner } from '../../platform/storage';
import type { Principal } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { findAdminUser } from './user-admin.queries';
import { auditUser } from './user-admin.service';

/** The signed-in user's profile (spec 3 §3 Profile); the picture as its key and a signed URL. */
export async function getProfile(tx: Executor, principal: Principal, signer: FileSigner): Promise<Profile> {
  const [row] = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      middleName: users.middleName,
      lastName: users.lastName,
      position: users.position,
      startDate: users.companyStartDate,
      company: users.company,
      division: users.division,
      department: users.department,
      region: users.region,
      location: users.location,
      phone: users.phone,
      fax: users.fax,
      userGroupName: workgroups.name,
      avatarUrl: users.avatarKey,
    })
    .from(users)
    .innerJoin(workgroups, eq(workgroups.id, users.userGroupId))
    .where(and(eq(users.id, principal.userId), isNull(users.deletedAt)))
    .limit(1);
  if (!row) throw notFound('User');
  return { ...row, avatarSasKey: row.avatarUrl ? signer.url(row.avatarUrl, principal.accountId) : null };
}

/** PUT /users/profile: the user's own names; the email and every other field stay. Audited (USER UPDATE). */
export async function updateProfile(
  tx: Tx,
  principal: Principal,
  input: ProfileUpdate,
  signer: FileSigner,
): Promise<Profile> {
  await tx
    .update(users)
    .set({
      firstName: input.firstName,
      middleName: input.middleName,
      lastName: input.lastName,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, principal.userId), isNull(users.deletedAt)));
  await auditUser(tx, principal, await findAdminUser(tx, principal.userId), 'UPDATE');
  return getProfile(tx, principal, signer);
}

/**
 * Sets the user's picture key, answering the key it replaced (removed from storage once committed).
 * Audited as the profile's other changes are (USER UPDATE).
 */
export async function replaceAvatar(tx: Tx, principal: Principal, key: string): Promise<string | null> {
  const [before] = await tx
    .select({ key: users.avatarKey })
    .from(users)
    .where(and(eq(users.id, principal.userId), isNull(users.deletedAt)))
    .limit(1);
  if (!before) throw notFound('User');
  await tx.update(users).set({ avatarKey: key, updatedAt: sql`now()` }).where(eq(users.id, principal.userId));
  await auditUser(tx, principal, await findAdminUser(tx, principal.userId), 'UPDATE');
  return before.key;
}
