import { SESSION, type SessionClaims, USER_STATUS } from '@blotter/shared';
import { and, countDistinct, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { sessions } from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { writeAudit } from '../audit/audit.service';

/** A session not renewed for this long no longer counts as a concurrent user. */
export const SESSION_STALE_SECONDS = SESSION.accessTokenSeconds + 120;

const EXCEEDED_MESSAGE =
  'The number of current concurrent users exceeded the max concurrent user. Please contact to your system admin.';

/** How many other users of the company are signed in right now. */
export async function otherActiveUsers(tx: Tx, accountId: string, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: countDistinct(sessions.userId) })
    .from(sessions)
    .where(
      and(
        eq(sessions.accountId, accountId),
        ne(sessions.userId, userId),
        isNull(sessions.endedAt),
        gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${SESSION_STALE_SECONDS})`),
      ),
    );
  return row?.n ?? 0;
}

export async function exceedsConcurrentUsers(tx: Tx, accountId: string, userId: string, limit: number) {
  return (await otherActiveUsers(tx, accountId, userId)) >= limit;
}

export function claimsOf(principal: Principal): SessionClaims {
  return {
    admin: principal.admin,
    systemAdmin: principal.systemAdmin,
    privileges: principal.privileges,
    status: principal.status,
    trial: principal.account.trial,
    measurementType: principal.account.measurementType,
    accountId: principal.accountId,
    userId: principal.userId,
    name: principal.name,
  };
}

/**
 * Creates the session after sign-in, or refreshes it after a token renewal. Enforces the
 * company's concurrent-user limit; a session ended by logout cannot be revived.
 */
export async function startSession(tx: Tx, principal: Principal, userAgent: string): Promise<SessionClaims> {
  if (principal.status !== USER_STATUS.ACTIVE) return claimsOf(principal);
  const [existing] = await tx.select().from(sessions).where(eq(sessions.id, principal.sessionId)).limit(1);
  if (existing?.endedAt) {
    throw new AppError('SESSION_ENDED', 'Your session has ended. Please sign in again.');
  }
  if (await exceedsConcurrentUsers(tx, principal.accountId, principal.userId, principal.account.concurrentUserCount)) {
    throw new AppError('EXCEED_MAX_CONCURRENT_USER', EXCEEDED_MESSAGE);
  }
  if (existing) {
    await tx.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, principal.sessionId));
  } else {
    await tx.insert(sessions).values({
      id: principal.sessionId,
      accountId: principal.accountId,
      userId: principal.userId,
      userAgent: userAgent.slice(0, 300),
    });
    await writeAudit(tx, principal, {
      objectType: 'AUTHENTICATION',
      transactionType: 'CREATE',
      objectName: principal.email,
      objectId: principal.userId,
    });
  }
  return claimsOf(principal);
}

/** DELETE /users/sessions (sign out): ends the session, audited as AUTHENTICATION DELETE when one ended. */
export async function endSession(tx: Tx, principal: Principal) {
  const ended = await tx
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(sessions.id, principal.sessionId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  if (ended.length === 0) return;
  await writeAudit(tx, principal, {
    objectType: 'AUTHENTICATION',
    transactionType: 'DELETE',
    objectName: principal.email,
    objectId: principal.userId,
  });
}
