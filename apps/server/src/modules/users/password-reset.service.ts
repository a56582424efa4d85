import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { passwordResets, users } from '../../db/schema/index';
import { enqueueJob } from '../../platform/jobs/index';
import type { Principal } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { findAdminUser } from './user-admin.queries';
import { auditUser, endSessions, type Revocation } from './user-admin.service';

/** A reset link stays valid this long. */
export const RESET_TTL_MINUTES = 60;
export const RESET_MAIL_SUBJECT = 'Reset your Blotter password';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * GET /users/requestChangePassword: emails the signed-in user a single-use link to choose a new
 * password. The mail is queued in the same transaction; an earlier unused link stops working.
 */
export async function requestPasswordReset(tx: Tx, principal: Principal, publicUrl: string) {
  const [user] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.id, principal.userId), isNull(users.deletedAt)))
    .limit(1);
  if (!user) throw notFound('User');
  const token = randomBytes(32).toString('base64url');
  await tx
    .delete(passwordResets)
    .where(and(eq(passwordResets.userId, principal.userId), isNull(passwordResets.usedAt)));
  await tx.insert(passwordResets).values({
    accountId: principal.accountId,
    userId: principal.userId,
    tokenHash: hashToken(token),
    sessionId: principal.sessionId,
    expiresAt: sql`now() + make_interval(mins => ${RESET_TTL_MINUTES})`,
  });
  const link = `${publicUrl}/api/users/resetPassword?token=${token}`;
  // Only a signed-in user asks (there is no public 'forgot password' form), so the entry names them.
  await auditUser(tx, principal, await findAdminUser(tx, principal.userId), 'REQUEST_PASSWORD_RESET');
  await enqueueJob(tx, principal.accountId, 'mail', {
    to: user.email,
    subject: RESET_MAIL_SUBJECT,
    text: [
      `Hello ${user.firstName},`,
      '',
      'You asked to change your Blotter password. Choose a new one here:',
      link,
      '',
      `The link works once and for ${RESET_TTL_MINUTES} minutes. When you set a new password, every other`,
      'session of yours is signed out. If you did not ask for this, you can ignore this email.',
    ].join('\n'),
  });
}

/** A usable link: unused, unexpired, of a live user. */
interface ResetLink {
  id: string;
  accountId: string;
}

/** Reads a link without using it (the page shows the form only for a usable one). Across companies: the link is all the visitor has. */
export async function findPasswordReset(database: Database, token: string): Promise<ResetLink | null> {
  return database.system(async (tx) => {
    const [row] = await tx
      .select({ id: passwordResets.id, accountId: passwordResets.accountId })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
          isNull(users.deletedAt),
        ),
      )
      .limit(1);
    return row ?? null;
  });
}

/**
 * Sets the new password of a link's user (argon2 hash given), marks the link used, writes the
 * audit entry and ends every other session of the user, all in one tenant transaction. Answers
 * what to revoke at the provider once committed, or null when the link is not usable (any more).
 */
export async function resetPassword(
  database: Database,
  token: string,
  passwordHash: string,
): Promise<Revocation | null> {
  const link = await findPasswordReset(database, token);
  if (!link) return null;
  return database.tenant(link.accountId, async (tx) => {
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(eq(passwordResets.id, link.id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)),
      )
      .returning({ userId: passwordResets.userId, sessionId: passwordResets.sessionId });
    if (!used) return null;
    const changed = await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(and(eq(users.id, used.userId), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (changed.length === 0) return null;
    const user = await findAdminUser(tx, used.userId);
    const name = `${user.firstName} ${user.lastName}`.trim();
    await auditUser(tx, { accountId: link.accountId, userId: user.id, name }, user, 'CHANGE_PASSWORD');
    const grantIds = await endSessions(tx, user.id, used.sessionId);
    return { userId: user.id, grantIds, keepGrantId: used.sessionId };
  });
}
