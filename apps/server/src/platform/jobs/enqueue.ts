import type { Tx } from '../../db/client';
import { jobs } from '../../db/schema/index';
import type { JobPayloads, JobType } from './job-types';

/** Queues work in the caller's transaction: it runs only if the change it belongs to commits. */
export async function enqueueJob<T extends JobType>(
  tx: Tx,
  accountId: string | null,
  type: T,
  payload: JobPayloads[T],
) {
  await tx.insert(jobs).values({ accountId, type, payload });
}

/**
 * A handler's answer that the job cannot run yet and is not failing (QuickBooks not connected):
 * it runs again after `seconds`, without counting an attempt, so it waits as long as needed.
 */
export class JobPostponed extends Error {
  constructor(
    readonly seconds: number,
    message: string,
  ) {
    super(message);
  }
}

export const MAX_ATTEMPTS = 8;
/** Retry after 10 s, 20 s, 40 s … at most one hour. */
export const retryDelaySeconds = (attempts: number) => Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));
