import type { JobModule } from '../../platform/jobs/job-types';

/** Charges due renewals (renewal-job.ts) every RENEWAL_CHECK_INTERVAL_SECONDS. */
export const subscriptionJobs = {
  name: 'subscriptions',
  schedules: (app) => [
    {
      name: 'subscription renewals',
      intervalMs: app.config.payments.renewal.checkIntervalSeconds * 1000,
      loop: app.subscriptionRenewals,
    },
  ],
} satisfies JobModule;
