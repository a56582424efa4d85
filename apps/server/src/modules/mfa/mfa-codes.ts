import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@blotter/shared';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { mfaCodes, users } from '../../db/schema/index';
import { enqueueJob } from '../../platform/jobs/index';
import { AppError } from '../../plugins/errors';

export const CODE_MINUTES = 10;
export const MAX_TRIES = 5;
export const RESEND_SECONDS = 60;

export type CodePurpose = 'login' | 'enrol';

export const SEND_TOO_SOON =
  'A code was sent less than a minute ago. Please wait a minute before asking for a new one.';
export const CODE_MESSAGES = {
  none: 'No code was sent. Please send a code first.',
  wrong: 'The code is not correct. Please try again.',
  expired: 'The code has expired. Please send a new code.',
  tooMany: 'Too many wrong codes. Please send a new code.',
} as const;
export type CodeOutcome = 'ok' | keyof typeof CODE_MESSAGES;

const hashCode = (secret: Buffer, codeId: string, code: string) =>
  createHmac('sha256', secret).update(`${codeId}:${code}`).digest();

/**
 * Makes a code for the device and queues its text message, in the caller's transaction: at most one
 * code a minute per user and purpose (so the sign-in right after enrolling a phone can
 * text its code at once; the user's row is locked, so two requests cannot both pass the check).
 * A new code replaces the user's earlier ones of the same purpose.
 */
export async function issueCode(
  tx: Tx,
  secret: Buffer,
  target: { accountId: string; userId: string; deviceId: string; phoneNumber: string; purpose: CodePurpose },
): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, target.userId)).for('update');
  const [recent] = await tx
    .select({ id: mfaCodes.id })
    .from(mfaCodes)
    .where(
      and(
        eq(mfaCodes.userId, target.userId),
        eq(mfaCodes.purpose, target.purpose),
        gt(mfaCodes.createdAt, sql`now() - make_interval(secs => ${RESEND_SECONDS})`),
      ),
    )
    .limit(1);
  if (recent) throw new AppError('RATE_LIMITED', SEND_TOO_SOON, 429);
  await tx
    .update(mfaCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(mfaCodes.userId, target.userId), eq(mfaCodes.purpose, target.purpose), isNull(mfaCodes.usedAt)));
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  const id = randomUUID();
  await tx.insert(mfaCodes).values({
    id,
    accountId: target.accountId,
    userId: target.userId,
    deviceId: target.deviceId,
    purpose: target.purpose,
    codeHash: hashCode(secret, id, code).toString('base64url'),
    expiresAt: sql`now() + make_interval(mins => ${CODE_MINUTES})`,
  });
  await enqueueJob(tx, target.accountId, 'sms', {
    to: `+${target.phoneNumber}`,
    text: `Your Blotter verification code is ${code}. It expires in ${CODE_MINUTES} minutes.`,
  });
}

/**
 * Checks a typed code against the user's latest code of the purpose for the device. A wrong code
 * counts a try; the fifth wrong try ends the code. The outcome is answered (not thrown) so the
 * caller's transaction commits the count before the refusal is sent.
 */
export async function checkCode(
  tx: Tx,
  secret: Buffer,
  target: { userId: string; deviceId: string; purpose: CodePurpose },
  typed: string,
): Promise<CodeOutcome> {
  const [code] = await tx
    .select({
      id: mfaCodes.id,
      codeHash: mfaCodes.codeHash,
      attempts: mfaCodes.attempts,
      expired: sql<boolean>`${mfaCodes.expiresAt} <= now()`,
    })
    .from(mfaCodes)
    .where(
      and(
        eq(mfaCodes.userId, target.userId),
        eq(mfaCodes.deviceId, target.deviceId),
        eq(mfaCodes.purpose, target.purpose),
        isNull(mfaCodes.usedAt),
      ),
    )
    .orderBy(desc(mfaCodes.createdAt))
    .limit(1)
    .for('update');
  if (!code) return 'none';
  if (code.expired) return 'expired';
  if (code.attempts >= MAX_TRIES) return 'tooMany';
  const stored = Buffer.from(code.codeHash, 'base64url');
  const given = hashCode(secret, code.id, typed);
  if (stored.length === given.length && timingSafeEqual(stored, given)) {
    await tx.update(mfaCodes).set({ usedAt: sql`now()` }).where(eq(mfaCodes.id, code.id));
    return 'ok';
  }
  const attempts = code.attempts + 1;
  await tx.update(mfaCodes).set({ attempts }).where(eq(mfaCodes.id, code.id));
  return attempts >= MAX_TRIES ? 'tooMany' : 'wrong';
}

/** The refusal of a code that did not pass. */
export function codeRefusal(outcome: Exclude<CodeOutcome, 'ok'>): AppError {
  return new AppError('BAD_REQUEST', CODE_MESSAGES[outcome], 400);
}
