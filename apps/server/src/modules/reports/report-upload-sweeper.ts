import type { Database } from '../../db/client';
import { createIntervalLoop } from '../../platform/interval-loop';
import { deleteExpiredReportUploads } from './report-uploads.queries';

/** Expired uploads are gone within this long of expiring (they are already invisible to GET). */
export const REPORT_SWEEP_INTERVAL_MS = 5 * 60 * 1000;

export interface ReportUploadSweeper {
  /** Deletes every expired upload now; answers how many. */
  sweep(): Promise<number>;
  /** Sweeps every intervalMs until stopped. */
  start(intervalMs?: number): void;
  /** Stops sweeping; a sweep under way finishes first. */
  stop(): Promise<void>;
}

/**
 * Removes the uploads of printed reports that nobody deleted (a closed tab, a lost connection).
 * A timer rather than the job table: a sweep is one idempotent statement that needs no queue,
 * retry or record, and any number of server processes may run it side by side.
 */
export function createReportUploadSweeper(
  database: Database,
  log: (error: unknown, message: string) => void,
): ReportUploadSweeper {
  const sweep = () => database.system((tx) => deleteExpiredReportUploads(tx));
  const loop = createIntervalLoop(sweep, log, 'sweeping expired report uploads failed');
  return {
    sweep,
    start: (intervalMs = REPORT_SWEEP_INTERVAL_MS) => loop.start(intervalMs),
    stop: () => loop.stop(),
  };
}
