import { IDEMPOTENCY_KEY_TTL_DAYS } from '@blotter/shared';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { idempotencyKeys } from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import type { IdempotentRequest } from './idempotency-request';

/** What an earlier request with the same key left: its route, hash and answer (or the row it made). */
export interface IdempotencyRecord {
  route: string;
  requestHash: string;
  answer: unknown;
  resourceId: string | null;
}

const recordColumns = {
  route: idempotencyKeys.route,
  requestHash: idempotencyKeys.requestHash,
  answer: idempotencyKeys.answer,
  resourceId: idempotencyKeys.resourceId,
};

const ofKey = (principal: Principal, key: string) =>
  and(
    eq(idempotencyKeys.accountId, principal.accountId),
    eq(idempotencyKeys.userId, principal.userId),
    eq(idempotencyKeys.key, key),
  );

/** The committed record of the user's key, if any. */
export async function findIdempotencyRecord(
  tx: Tx,
  principal: Principal,
  key: string,
): Promise<IdempotencyRecord | undefined> {
  const [row] = await tx.select(recordColumns).from(idempotencyKeys).where(ofKey(principal, key)).limit(1);
  return row;
}

/**
 * Claims the key for this request in the caller's transaction (INSERT … ON CONFLICT DO NOTHING).
 * Answers undefined when it was claimed (the caller does the work), or the record of the request
 * that holds it. A request holding it in a transaction not yet committed is waited for by the
 * unique index: its record is then read once it commits; if it rolls back, this one claims the key.
 */
export async function claimIdempotencyKey(
  tx: Tx,
  principal: Principal,
  request: IdempotentRequest,
): Promise<IdempotencyRecord | undefined> {
  // A record can vanish between the two statements only when swept (older than the TTL): claim again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({
        accountId: principal.accountId,
        userId: principal.userId,
        key: request.key,
        route: request.route,
        requestHash: request.requestHash,
      })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (claimed.length > 0) return undefined;
    const record = await findIdempotencyRecord(tx, principal, request.key);
    if (record) return record;
  }
  throw new Error('An idempotency key could be neither claimed nor read');
}

/** Stores the answer (or the id of the row made) of a claimed key, before the transaction commits. */
export async function storeIdempotentAnswer(
  tx: Tx,
  principal: Principal,
  key: string,
  kept: { answer?: unknown; resourceId?: string },
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ answer: kept.answer ?? null, resourceId: kept.resourceId ?? null })
    .where(ofKey(principal, key));
}

/** Deletes the keys of every company older than the TTL (system work); answers how many. */
export async function deleteExpiredIdempotencyKeys(tx: Tx, ttlDays = IDEMPOTENCY_KEY_TTL_DAYS): Promise<number> {
  const rows = await tx
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - ${ttlDays}::int * interval '1 day'`))
    .returning({ id: idempotencyKeys.id });
  return rows.length;
}
