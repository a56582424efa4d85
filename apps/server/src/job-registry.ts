import type { Database } from './db/client';
import { auditJobs } from './modules/audit/audit.jobs';
import { idempotencyJobs } from './modules/idempotency/idempotency.jobs';
import { importJobs } from './modules/imports/imports.jobs';
import { reportJobs } from './modules/reports/reports.jobs';
import { subscriptionJobs } from './modules/subscriptions/subscriptions.jobs';
import { trialJobs } from './modules/trial/trial.jobs';
import { oidcJobs } from './oidc/oidc.jobs';
import {
  createRunner,
  type JobDefinitions,
  type JobModule,
  type JobRunner,
  type JobServices,
  type JobType,
  type RunnerOptions,
} from './platform/jobs/index';
import { JOB_POLL_INTERVAL_MS } from './platform/jobs/runner';
import { collectJobDefinitions } from './platform/jobs/schedules';
import type { Mailer } from './platform/mail';
import { mailJobs } from './platform/mail.jobs';
import { quickBooksJobs } from './platform/quickbooks/quickbooks.jobs';
import { rateLimitJobs } from './platform/rate-limit.jobs';
import { smsJobs } from './platform/sms.jobs';

/** The job worker itself runs on a timer like the other schedules. */
const workerJobs = {
  name: 'job worker',
  schedules: (app) => [{ name: 'job worker', intervalMs: JOB_POLL_INTERVAL_MS, loop: app.jobs }],
} satisfies JobModule;

/**
 * Every module's background work, in one list: the job types the worker runs and the schedules
 * the server starts (main.ts) and stops (in this order, before the database closes). A module
 * with background work adds its `<module>.jobs.ts` here.
 */
export const jobModules = [
  workerJobs,
  mailJobs,
  smsJobs,
  quickBooksJobs,
  subscriptionJobs,
  trialJobs,
  reportJobs,
  auditJobs,
  rateLimitJobs,
  idempotencyJobs,
  oidcJobs,
  importJobs,
] as const satisfies readonly JobModule[];

type TypesOf<M> = M extends { jobs: infer J } ? keyof J : never;
/** Compile-time check: every job type declared in JobPayloads has its handler in the list. */
type Unhandled = Exclude<JobType, TypesOf<(typeof jobModules)[number]>>;
const everyJobTypeHandled: [Unhandled] extends [never] ? true : Unhandled = true;

/** Every job type's definition, from the list. */
export const jobDefinitions = collectJobDefinitions(jobModules) as JobDefinitions;

export interface JobRunnerOptions extends RunnerOptions, Omit<JobServices, 'database' | 'mailer'> {}

/** The worker for every registered job type (the app's, or a test's with its own mailer). */
export function createJobRunner(
  database: Database,
  mailer: Mailer,
  log: (error: unknown, message: string) => void,
  options: JobRunnerOptions = {},
): JobRunner {
  if (!everyJobTypeHandled) throw new Error('unreachable');
  const { publicUrl, sms, quickBooks, storage, ...runner } = options;
  return createRunner(jobDefinitions, { database, mailer, publicUrl, sms, quickBooks, storage }, log, runner);
}
