import type { JobModule } from './jobs/job-types';
import { RATE_LIMIT_SWEEP_INTERVAL_MS } from './rate-limit-store';

/** Deletes ended rate-limit counters (rate-limit-store.ts). */
export const rateLimitJobs = {
  name: 'rate limits',
  schedules: (app) => [
    { name: 'rate-limit sweeper', intervalMs: RATE_LIMIT_SWEEP_INTERVAL_MS, loop: app.rateLimitSweeper },
  ],
} satisfies JobModule;
