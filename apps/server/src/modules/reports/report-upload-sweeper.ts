import type { Database } from '../../db/client';
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
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  const sweep = () => database.system((tx) => deleteExpiredReportUploads(tx));
  return {
    sweep,
    start(intervalMs = REPORT_SWEEP_INTERVAL_MS) {
      timer ??= setInterval(() => {
        if (running) return;
        running = sweep()
          .catch((error) => {
            log(error, 'sweeping expired report uploads failed');
            return 0;
          })
          .finally(() => {
            running = undefined;
          });
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
