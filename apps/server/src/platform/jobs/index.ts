/*
 * Background work: a job table processed by a worker in every server process, and schedules
 * (timer loops). Modules declare both in their `<module>.jobs.ts`; src/job-registry.ts lists them.
 */
export { enqueueJob, JobPostponed, MAX_ATTEMPTS, retryDelaySeconds } from './enqueue';
export type {
  JobDefinition,
  JobDefinitions,
  JobModule,
  JobPayloads,
  JobRun,
  JobServices,
  JobType,
  Schedule,
} from './job-types';
export {
  createRunner,
  DEFAULT_JOB_LEASE_SECONDS,
  JOB_POLL_INTERVAL_MS,
  type JobRunner,
  type RunnerOptions,
} from './runner';
export { collectSchedules, type Schedules } from './schedules';
