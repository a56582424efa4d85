import type { Database } from '../../db/client';
import { createIntervalLoop } from '../../platform/interval-loop';
import { deleteExpiredIdempotencyKeys } from './idempotency.queries';

/** Keys older than the TTL are gone within this long (a retry after the TTL is done again). */
export const IDEMPOTENCY_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface IdempotencyKeySweeper {
  /** Deletes every key older than the TTL now; answers how many. */
  sweep(): Promise<number>;
  /** Sweeps every intervalMs until stopped. */
  start(intervalMs?: number): void;
  /** Stops sweeping; a sweep under way finishes first. */
  stop(): Promise<void>;
}

/**
 * Removes the Idempotency-Keys of every company once they are older than
 * IDEMPOTENCY_KEY_TTL_DAYS. A timer like the report upload sweeper: one idempotent statement that
 * any number of server processes may run side by side.
 */
export function createIdempotencyKeySweeper(
  database: Database,
  log: (error: unknown, message: string) => void,
): IdempotencyKeySweeper {
  const sweep = () => database.system((tx) => deleteExpiredIdempotencyKeys(tx));
  const loop = createIntervalLoop(sweep, log, 'sweeping expired idempotency keys failed');
  return {
    sweep,
    start: (intervalMs = IDEMPOTENCY_SWEEP_INTERVAL_MS) => loop.start(intervalMs),
    stop: () => loop.stop(),
  };
}
