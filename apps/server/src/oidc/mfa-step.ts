import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accounts, mfaDevices, mfaSignInSteps, users } from '../db/schema/index';

/** Step tokens start with this, so the API tells them from access tokens without trying to verify. */
export const MFA_STEP_TOKEN_PREFIX = 'mfa.';
/** As long as the provider keeps the interaction waiting (its Interaction TTL). */
const STEP_MINUTES = 15;

export const hashStepToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A sign-in waiting for its code, as the /api/mfa calls see it. */
export interface MfaStep {
  id: string;
  accountId: string;
  userId: string;
  interactionUid: string;
}

/**
 * After a correct password: when the company and the user both have two-factor verification on,
 * starts a step for this interaction and answers where the browser continues (the web's /mfa, or
 * /startMfaEnrolloment without a verified phone). Undefined when no second factor is needed.
 */
export async function startMfaStep(
  database: Database,
  publicUrl: string,
  user: { id: string; accountId: string },
  interactionUid: string,
): Promise<string | undefined> {
  return database.system(async (tx) => {
    const [required] = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(accounts, eq(accounts.id, users.accountId))
      .where(and(eq(users.id, user.id), eq(users.mfa, true), eq(accounts.mfa, true)))
      .limit(1);
    if (!required) return undefined;
    const [device] = await tx
      .select({ id: mfaDevices.id })
      .from(mfaDevices)
      .where(and(eq(mfaDevices.userId, user.id), isNotNull(mfaDevices.verifiedAt)))
      .limit(1);
    const token = `${MFA_STEP_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    // One waiting step per interaction: a second password submission replaces the first.
    await tx
      .update(mfaSignInSteps)
      .set({ endedAt: sql`now()` })
      .where(and(eq(mfaSignInSteps.interactionUid, interactionUid), isNull(mfaSignInSteps.endedAt)));
    await tx.insert(mfaSignInSteps).values({
      accountId: user.accountId,
      userId: user.id,
      interactionUid,
      tokenHash: hashStepToken(token),
      expiresAt: sql`now() + make_interval(mins => ${STEP_MINUTES})`,
    });
    const query = new URLSearchParams({ state: interactionUid, token });
    if (!device) return `${publicUrl}/startMfaEnrolloment?${query}`;
    query.set('deviceId', device.id);
    return `${publicUrl}/mfa?${query}`;
  });
}

/** The live step a token names, or undefined (unknown, expired or over). */
export async function findMfaStep(database: Database, token: string): Promise<MfaStep | undefined> {
  const rows = await database.system((tx) =>
    tx
      .select({
        id: mfaSignInSteps.id,
        accountId: mfaSignInSteps.accountId,
        userId: mfaSignInSteps.userId,
        interactionUid: mfaSignInSteps.interactionUid,
      })
      .from(mfaSignInSteps)
      .where(
        and(
          eq(mfaSignInSteps.tokenHash, hashStepToken(token)),
          isNull(mfaSignInSteps.endedAt),
          gt(mfaSignInSteps.expiresAt, sql`now()`),
        ),
      )
      .limit(1),
  );
  return rows[0];
}

/**
 * Ends the interaction's verified step and answers its user, once: undefined when the code was
 * not verified (or the step expired, ended, or never existed), so no sign-in finishes without it.
 */
export async function completeMfaStep(
  database: Database,
  interactionUid: string,
): Promise<{ userId: string; accountId: string } | undefined> {
  const rows = await database.system((tx) =>
    tx
      .update(mfaSignInSteps)
      .set({ endedAt: sql`now()` })
      .where(
        and(
          eq(mfaSignInSteps.interactionUid, interactionUid),
          isNotNull(mfaSignInSteps.verifiedAt),
          isNull(mfaSignInSteps.endedAt),
          gt(mfaSignInSteps.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: mfaSignInSteps.userId, accountId: mfaSignInSteps.accountId }),
  );
  return rows[0];
}

/** Ends the interaction's waiting steps (Cancel on the web's two-factor pages). */
export async function cancelMfaSteps(database: Database, interactionUid: string): Promise<void> {
  await database.system((tx) =>
    tx
      .update(mfaSignInSteps)
      .set({ endedAt: sql`now()` })
      .where(and(eq(mfaSignInSteps.interactionUid, interactionUid), isNull(mfaSignInSteps.endedAt))),
  );
}
