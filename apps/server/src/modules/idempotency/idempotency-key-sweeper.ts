import type { Database } from '../../db/client';
import type { SweepDefinition } from '../../platform/sweeper';
import { deleteExpiredIdempotencyKeys } from './idempotency.queries';

/** Keys older than the TTL are gone within this long (a retry after the TTL is done again). */
export const IDEMPOTENCY_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Removes the Idempotency-Keys of every company once they are older than IDEMPOTENCY_KEY_TTL_DAYS. */
export const idempotencyKeySweep: SweepDefinition<Database> = {
  sweep: (database) => database.system((tx) => deleteExpiredIdempotencyKeys(tx)),
  intervalMs: IDEMPOTENCY_SWEEP_INTERVAL_MS,
  failure: 'sweeping expired idempotency keys failed',
};
