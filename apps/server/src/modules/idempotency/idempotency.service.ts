import { IDEMPOTENCY_KEY_TTL_DAYS, IDEMPOTENCY_MESSAGES } from '@blotter/shared';
import type { Tx } from '../../db/client';
import type { Principal } from '../../plugins/auth';
import { AppError, notFound } from '../../plugins/errors';
import {
  claimIdempotencyKey,
  findIdempotencyRecord,
  type IdempotencyRecord,
  storeIdempotentAnswer,
} from './idempotency.queries';
import type { IdempotentRequest } from './idempotency-request';

/** 409 IDEMPOTENCY_KEY_REUSED unless the record is of the same route and the same request. */
function assertSameRequest(record: IdempotencyRecord, request: IdempotentRequest): void {
  if (record.route !== request.route) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.otherRoute(record.route));
  }
  if (record.requestHash !== request.requestHash)
    throw new AppError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.reused);
}

/** How a route runs its work once per key, and answers a retry. */
export interface IdempotentWork<T> {
  /** The work itself, in the caller's transaction. */
  run(): Promise<T>;
  /** What the key keeps of the result: the answer as sent, or the id of the row to read again. */
  keep(result: T): { answer?: unknown; resourceId?: string };
  /** The answer to a retry, from what the first request kept (re-read for fresh signed URLs). */
  replay(record: IdempotencyRecord): Promise<T>;
}

/**
 * Runs `work` once per Idempotency-Key, inside the caller's transaction: the key is claimed first,
 * then the work runs and its answer is stored, so the three commit together and a failed attempt
 * (rolled back) leaves no key. The same key with the same request replays the first answer; with
 * another request, or on another route, 409. Without a key the work simply runs.
 */
export async function runIdempotent<T>(
  tx: Tx,
  principal: Principal,
  request: IdempotentRequest | undefined,
  work: IdempotentWork<T>,
): Promise<{ value: T; replayed: boolean }> {
  if (!request) return { value: await work.run(), replayed: false };
  const earlier = await claimIdempotencyKey(tx, principal, request);
  if (earlier) {
    assertSameRequest(earlier, request);
    return { value: await work.replay(earlier), replayed: true };
  }
  const value = await work.run();
  await storeIdempotentAnswer(tx, principal, request.key, work.keep(value));
  return { value, replayed: false };
}

/** The id of the row the first request made (`what` not found when it kept none). */
export function replayedResource(record: IdempotencyRecord, what: string): string {
  if (!record.resourceId) throw notFound(what);
  return record.resourceId;
}

/**
 * The committed record of the key when this request was already answered (409 when the key was
 * used for another request): for an upload, checked before its file is stored.
 */
export async function earlierIdempotentRequest(
  tx: Tx,
  principal: Principal,
  request: IdempotentRequest,
): Promise<IdempotencyRecord | undefined> {
  const record = await findIdempotencyRecord(tx, principal, request.key);
  if (record) assertSameRequest(record, request);
  return record;
}

/** The sentence the OpenAPI summary of every route that honours the header ends with. */
export const IDEMPOTENCY_SUMMARY =
  `Optional \`Idempotency-Key\` header (1-255 visible ASCII characters, kept ${IDEMPOTENCY_KEY_TTL_DAYS} days per company and user): ` +
  'the same key with the same request answers the first answer without doing the work again; ' +
  'with another request or on another route 409 IDEMPOTENCY_KEY_REUSED.';
