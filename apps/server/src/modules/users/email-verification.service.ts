import { createHash, randomBytes } from 'node:crypto';
import { USER_STATUS } from '@blotter/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { emailVerifications, users } from '../../db/schema/index';
import { enqueueJob } from '../../platform/jobs/index';
import { badRequest, notFound } from '../../plugins/errors';

/** A verification link stays valid this long. */
export const VERIFICATION_TTL_HOURS = 72;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Sends a pending user a link that confirms their email address (spec 3: 'Resend email
 * verification'). The email is queued in the same transaction; earlier links stop working.
 */
export async function sendEmailVerification(tx: Tx, accountId: string, userId: string, publicUrl: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound('User');
  if (user.status !== USER_STATUS.PENDING) throw badRequest('This email address is already verified.');
  const token = randomBytes(32).toString('base64url');
  await tx.delete(emailVerifications).where(eq(emailVerifications.userId, userId));
  await tx.insert(emailVerifications).values({
    accountId,
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + VERIFICATION_TTL_HOURS * 3600 * 1000),
  });
  const link = `${publicUrl}/api/users/verifyEmail?token=${token}`;
  await enqueueJob(tx, accountId, 'mail', {
    to: user.email,
    subject: 'Verify your email address for Blotter',
    text: [
      `Hello ${user.firstName},`,
      '',
      'Please confirm your email address to start using Blotter:',
      link,
      '',
      `The link is valid for ${VERIFICATION_TTL_HOURS} hours. If you did not expect this email, you can ignore it.`,
    ].join('\n'),
  });
}

/** What a verification link leads to: unknown (or used, or expired), or a user with or without a password. */
export type VerificationLink = null | { userId: string; hasPassword: boolean };

/** Reads a link without using it, so the page can ask for a password first when none is set. */
export async function findVerification(database: Database, token: string): Promise<VerificationLink> {
  return database.system(async (tx) => {
    const [row] = await tx
      .select({ userId: users.id, hash: users.passwordHash })
      .from(emailVerifications)
      .innerJoin(users, eq(users.id, emailVerifications.userId))
      .where(
        and(
          eq(emailVerifications.tokenHash, hashToken(token)),
          gt(emailVerifications.expiresAt, new Date()),
          isNull(users.deletedAt),
        ),
      )
      .limit(1);
    return row ? { userId: row.userId, hasPassword: row.hash !== null } : null;
  });
}

/**
 * Confirms the email address of the link's user (pending → active), setting their password when
 * one is given (a user added without one). Answers false when the link is unknown, used or
 * expired. Runs across companies: the link is all the visitor has.
 */
export async function verifyEmail(database: Database, token: string, passwordHash?: string): Promise<boolean> {
  return database.system(async (tx) => {
    const [row] = await tx
      .delete(emailVerifications)
      .where(and(eq(emailVerifications.tokenHash, hashToken(token)), gt(emailVerifications.expiresAt, new Date())))
      .returning();
    if (!row) return false;
    await tx
      .update(users)
      .set({ status: USER_STATUS.ACTIVE, updatedAt: new Date(), ...(passwordHash ? { passwordHash } : {}) })
      .where(and(eq(users.id, row.userId), eq(users.status, USER_STATUS.PENDING), isNull(users.deletedAt)));
    return true;
  });
}
