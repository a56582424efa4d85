import type { FastifyInstance } from 'fastify';
import type { QuickBooksConfig } from '../../config';
import type { Database } from '../../db/client';
import type { Mailer } from '../mail';
import type { SmsSender } from '../sms';
import type { StorageAdapter } from '../storage';

/**
 * The payload of every job type. Empty here: each `<module>.jobs.ts` adds its types by declaration
 * merging (`declare module '…/platform/jobs/job-types' { interface JobPayloads { … } }`), so the
 * platform names no module's payload and enqueueJob still checks each payload against its type.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in the modules' .jobs.ts files
export interface JobPayloads {}
export type JobType = keyof JobPayloads;

/** The outside clients and settings a job may use (the app's, or a test's). */
export interface JobServices {
  /** For the job's own short transactions: a handler never runs inside the claiming one. */
  database: Database;
  mailer: Mailer;
  /** The app's public URL (links in emails, the QuickBooks callback). */
  publicUrl?: string | undefined;
  sms?: SmsSender | undefined;
  quickBooks?: QuickBooksConfig | undefined;
  /** The file storage (a bulk import reads its uploaded file). */
  storage?: StorageAdapter | undefined;
}

/** The job being run. */
export interface JobRun {
  id: string;
  accountId: string | null;
}

/** How one job type is run. */
export interface JobDefinition<T extends JobType> {
  /**
   * Does the job: runs outside any transaction (it talks to the outside world); it may be run again
   * if its process dies before the outcome is recorded, so it must be safe to repeat.
   */
  run(payload: JobPayloads[T], job: JobRun, services: JobServices): Promise<void>;
  /** What the stored payload keeps once the job is over (sent or given up), e.g. masked codes. */
  redact?(payload: JobPayloads[T]): JobPayloads[T];
}

export type JobDefinitions = { [T in JobType]?: JobDefinition<T> };

/** Work on a timer (a sweeper, a monitor): started with the server, stopped before the database closes. */
export interface Schedule {
  name: string;
  intervalMs: number;
  loop: { start(intervalMs: number): void; stop(): Promise<void> };
}

/** What a module declares in its `<module>.jobs.ts`: its job types and its schedules. */
export interface JobModule {
  name: string;
  jobs?: JobDefinitions;
  /** The module's timer loops, from the app's services (built in app.ts). */
  schedules?: (app: FastifyInstance) => Schedule[];
}
