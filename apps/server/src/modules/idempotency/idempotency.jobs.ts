import type { JobModule } from '../../platform/jobs/job-types';
import { IDEMPOTENCY_SWEEP_INTERVAL_MS } from './idempotency-key-sweeper';

/** Deletes Idempotency-Keys older than their TTL (idempotency-key-sweeper.ts). */
export const idempotencyJobs = {
  name: 'idempotency keys',
  schedules: (app) => [
    { name: 'idempotency key sweeper', intervalMs: IDEMPOTENCY_SWEEP_INTERVAL_MS, loop: app.idempotencyKeySweeper },
  ],
} satisfies JobModule;
