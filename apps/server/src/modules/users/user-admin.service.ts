import { type AdminUser, USER_STATUS, type UserCreate, type UserUpdate } from '@blotter/shared';
import argon2 from 'argon2';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { emailVerifications, oidcPayloads, sessions, users } from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { badRequest } from '../../plugins/errors';
import { type AuditActor, writeAudit } from '../audit/audit.service';
import { isUniqueViolation, keepingAnAdministrator } from './administrator-guard';
import { sendEmailVerification } from './email-verification.service';
import { authorizeAssignment, authorizeUserChange } from './user-admin.policy';
import { findAdminUser } from './user-admin.queries';

export const EMAIL_TAKEN = 'A user with this email already exists.';

export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

/** The audit entry of a user change (objectData: the keys the audit card's user view reads). */
export function auditUser(tx: Tx, actor: AuditActor, user: AdminUser, transactionType: string) {
  return writeAudit(tx, actor, {
    objectType: 'USER',
    transactionType,
    objectId: user.id,
    objectName: [user.firstName, user.middleName, user.lastName].filter(Boolean).join(' '),
    objectData: {
      firstName: user.firstName,
      middleName: user.middleName,
      lastName: user.lastName,
      email: user.email,
      userGroupName: user.userGroupName,
    },
  });
}

/**
 * POST /users/emailVerification and /users/myEmailVerification: a new verification link for a
 * pending user, audited (USER RESEND_VERIFICATION) in the same transaction as the queued mail.
 */
export async function resendEmailVerification(tx: Tx, actor: AuditActor, userId: string, publicUrl: string) {
  const user = await findAdminUser(tx, userId);
  await sendEmailVerification(tx, actor.accountId, userId, publicUrl);
  await auditUser(tx, actor, user, 'RESEND_VERIFICATION');
}

const fieldsOf = (input: UserUpdate) => ({
  firstName: input.firstName,
  middleName: input.middleName,
  lastName: input.lastName,
  position: input.position,
  company: input.company,
  department: input.department,
  division: input.division,
  location: input.location,
  region: input.region,
  phone: input.phone,
  fax: input.fax,
  mobilePhone: input.mobilePhone,
  companyStartDate: input.companyStartDate,
  mfa: input.mfa,
  userGroupId: input.userGroupId,
});

/**
 * POST /users: a pending user (status 0) who gets a verification email whose link activates them
 * (and lets them choose a password when the administrator set none).
 */
export async function createUser(
  tx: Tx,
  principal: Principal,
  input: UserCreate,
  passwordHash: string | null,
  publicUrl: string,
): Promise<AdminUser> {
  await authorizeAssignment(tx, principal, input.userGroupId);
  const inserted = await tx
    .insert(users)
    .values({
      ...fieldsOf(input),
      accountId: principal.accountId,
      email: input.email,
      passwordHash,
      status: USER_STATUS.PENDING,
    })
    .returning({ id: users.id })
    .catch((error: unknown) => {
      // The email index spans every company (sign-in is by email), so RLS cannot show the clash.
      throw isUniqueViolation(error) ? badRequest(EMAIL_TAKEN) : error;
    });
  const id = inserted[0]?.id;
  if (!id) throw new Error('user not inserted');
  const user = await findAdminUser(tx, id);
  await auditUser(tx, principal, user, 'CREATE');
  await sendEmailVerification(tx, principal.accountId, id, publicUrl);
  return user;
}

/** PUT /users/{id}: every field but the email and password. */
export async function updateUser(tx: Tx, principal: Principal, id: string, input: UserUpdate): Promise<AdminUser> {
  await authorizeUserChange(tx, principal, id);
  await authorizeAssignment(tx, principal, input.userGroupId);
  return keepingAnAdministrator(tx, principal.accountId, async () => {
    await tx
      .update(users)
      .set({ ...fieldsOf(input), updatedAt: sql`now()` })
      .where(eq(users.id, id));
    const user = await findAdminUser(tx, id);
    await auditUser(tx, principal, user, 'UPDATE');
    return user;
  });
}

/**
 * Ends the user's sessions in the tenant transaction, but the one kept (a password change keeps
 * the session that asked for it); answers their ids (the provider's grant ids).
 */
export async function endSessions(tx: Tx, userId: string, keep?: string): Promise<string[]> {
  const ended = await tx
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), keep ? ne(sessions.id, keep) : undefined))
    .returning({ id: sessions.id });
  return ended.map((s) => s.id);
}

/** What to revoke at the identity provider once the change is committed. */
export interface Revocation {
  userId: string;
  grantIds: string[];
  /** A grant (sign-in) that stays: the session that changed its own password. */
  keepGrantId?: string;
}

export async function deactivateUser(tx: Tx, principal: Principal, id: string): Promise<Revocation> {
  const user = await authorizeUserChange(tx, principal, id);
  if (id === principal.userId) throw badRequest('You cannot deactivate your own user.');
  if (user.status !== USER_STATUS.ACTIVE) throw badRequest('Only an active user can be deactivated.');
  return keepingAnAdministrator(tx, principal.accountId, async () => {
    await tx.update(users).set({ status: USER_STATUS.INACTIVE, updatedAt: sql`now()` }).where(eq(users.id, id));
    await auditUser(tx, principal, { ...user, status: USER_STATUS.INACTIVE }, 'DEACTIVATE');
    return { userId: id, grantIds: await endSessions(tx, id) };
  });
}

export async function activateUser(tx: Tx, principal: Principal, id: string): Promise<AdminUser> {
  const user = await authorizeUserChange(tx, principal, id);
  if (user.status !== USER_STATUS.INACTIVE) throw badRequest('Only an inactive user can be activated.');
  await tx.update(users).set({ status: USER_STATUS.ACTIVE, updatedAt: sql`now()` }).where(eq(users.id, id));
  await auditUser(tx, principal, user, 'ACTIVATE');
  return { ...user, status: USER_STATUS.ACTIVE };
}

/**
 * DELETE /users/{id}: a soft delete, so incidents, history and audit entries keep the user's
 * name. The user leaves every list, cannot sign in, and their email is free for a new user.
 */
export async function deleteUser(tx: Tx, principal: Principal, id: string): Promise<Revocation> {
  const user = await authorizeUserChange(tx, principal, id);
  if (id === principal.userId) throw badRequest('You cannot delete your own user.');
  return keepingAnAdministrator(tx, principal.accountId, async () => {
    await tx
      .update(users)
      .set({ status: USER_STATUS.INACTIVE, deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    await tx.delete(emailVerifications).where(eq(emailVerifications.userId, id));
    await auditUser(tx, principal, user, 'DELETE');
    return { userId: id, grantIds: await endSessions(tx, id) };
  });
}

/**
 * Revokes the user's grants, refresh tokens and browser sessions at the embedded identity
 * provider, so no new access token is issued. Its state is not tenant data (the application role
 * cannot read it), hence a system transaction after the change committed. Tokens already issued
 * are refused on their next call anyway: the principal reads status, session and deletion.
 */
export async function revokeAtProvider(database: Database, revocation: Revocation) {
  const { userId, keepGrantId: keep } = revocation;
  const ofUser = sql`${oidcPayloads.payload}->>'accountId' = ${userId}`;
  // A browser session at the provider names the grants of its sign-ins; the kept one's stays.
  const notKeptSession = keep
    ? sql`not exists (select 1 from jsonb_each(coalesce(${oidcPayloads.payload}->'authorizations', '{}'::jsonb)) a
        where a.value->>'grantId' = ${keep})`
    : undefined;
  await database.system(async (tx) => {
    const grants = await tx
      .select({ id: oidcPayloads.id })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.type, 'Grant'), ofUser));
    const grantIds = [...new Set([...revocation.grantIds, ...grants.map((g) => g.id)])].filter((id) => id !== keep);
    await tx
      .delete(oidcPayloads)
      .where(
        or(
          and(eq(oidcPayloads.type, 'Grant'), ofUser, keep ? ne(oidcPayloads.id, keep) : undefined),
          and(eq(oidcPayloads.type, 'Session'), ofUser, notKeptSession),
          grantIds.length > 0 ? inArray(oidcPayloads.grantId, grantIds) : undefined,
        ),
      );
  });
}
