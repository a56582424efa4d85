import type { JobModule } from '../../platform/jobs/job-types';
import { REPORT_SWEEP_INTERVAL_MS } from './report-upload-sweeper';

/** Deletes expired uploads of printed reports (report-upload-sweeper.ts). */
export const reportJobs = {
  name: 'reports',
  schedules: (app) => [
    { name: 'report upload sweeper', intervalMs: REPORT_SWEEP_INTERVAL_MS, loop: app.reportUploadSweeper },
  ],
} satisfies JobModule;
