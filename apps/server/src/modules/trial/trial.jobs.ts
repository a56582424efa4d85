import type { JobModule } from '../../platform/jobs/job-types';

/** Warns and then disables ending trials (trial-monitor.ts) every TRIAL_CHECK_INTERVAL_SECONDS. */
export const trialJobs = {
  name: 'trial',
  schedules: (app) => [
    { name: 'trial monitor', intervalMs: app.config.trial.checkIntervalSeconds * 1000, loop: app.trialMonitor },
  ],
} satisfies JobModule;
