import type { Database } from '../../db/client';
import type { SweepDefinition } from '../../platform/sweeper';
import { deleteExpiredReportUploads } from './report-uploads.queries';

/** Expired uploads are gone within this long of expiring (they are already invisible to GET). */
export const REPORT_SWEEP_INTERVAL_MS = 5 * 60 * 1000;

/** Removes the uploads of printed reports that nobody deleted (a closed tab, a lost connection). */
export const reportUploadSweep: SweepDefinition<Database> = {
  sweep: (database) => database.system((tx) => deleteExpiredReportUploads(tx)),
  intervalMs: REPORT_SWEEP_INTERVAL_MS,
  failure: 'sweeping expired report uploads failed',
};
