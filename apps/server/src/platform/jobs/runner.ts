import { sql } from 'drizzle-orm';
import { createIntervalLoop } from '../interval-loop';
import { JobPostponed, MAX_ATTEMPTS, retryDelaySeconds } from './enqueue';
import { claimJob, type JobOwnership, type JobRow, recordJob, renewJob } from './job-table';
import type { JobDefinitions, JobRun, JobServices, JobType } from './job-types';

/** How long a claimed job is leased to its worker when nothing else is configured (JOB_LEASE_SECONDS). */
export const DEFAULT_JOB_LEASE_SECONDS = 300;
/** How often the worker looks for due jobs. */
export const JOB_POLL_INTERVAL_MS = 2000;

export interface JobRunner {
  /**
   * Processes up to `limit` due jobs one after the other (each claimed, run and recorded before the
   * next); answers how many succeeded.
   */
  runDue(limit?: number): Promise<number>;
  /** Polls every intervalMs until stopped. */
  start(intervalMs?: number): void;
  /** Stops polling; the job being run finishes (and is recorded) first, no further job starts. */
  stop(): Promise<void>;
}

export interface RunnerOptions extends JobOwnership {
  /** Seconds a claimed job is leased (longer than any send may take): DEFAULT_JOB_LEASE_SECONDS. */
  leaseSeconds?: number | undefined;
}

/** A definition seen from the runner, which knows a job's type only at run time. */
interface AnyDefinition {
  run(payload: unknown, job: JobRun, services: JobServices): Promise<void>;
  redact?(payload: unknown): unknown;
}

/**
 * The job worker: claims a due job (short transaction), runs its handler outside any transaction
 * (SMTP, SMS, QuickBooks: a slow relay holds no lock and, on PGlite, stalls no request), then
 * records the outcome (second short transaction): done, retried later with backoff, postponed
 * (JobPostponed, no attempt counted) or given up after MAX_ATTEMPTS.
 */
export function createRunner(
  definitions: JobDefinitions,
  services: JobServices,
  log: (error: unknown, message: string) => void,
  options: RunnerOptions = {},
): JobRunner {
  const { database } = services;
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_JOB_LEASE_SECONDS;
  const definitionOf = (type: string) => definitions[type as JobType] as AnyDefinition | undefined;
  /** The payload to keep once the job is over (sent or given up). */
  const finalPayload = (job: JobRow) => {
    const redact = definitionOf(job.type)?.redact;
    return redact ? { payload: redact(job.payload) } : {};
  };

  /**
   * While a job runs, its lease is renewed every third of the lease, so a job longer than the lease
   * (a 100,000-row import) is never claimed and run a second time at once by another worker; if
   * this process dies, the renewals stop and the lease runs out as before.
   */
  const keepLease = (job: JobRow) => {
    let renewing: Promise<unknown> = Promise.resolve();
    const timer = setInterval(
      () => {
        renewing = renewJob(database, job, leaseSeconds).catch((error: unknown) =>
          log(error, `job ${job.id} lease not renewed`),
        );
      },
      Math.max(100, (leaseSeconds * 1000) / 3),
    );
    timer.unref();
    // Stops renewing and waits for a renewal in flight, so it cannot land after the outcome.
    return async () => {
      clearInterval(timer);
      await renewing;
    };
  };

  const runOne = async (): Promise<boolean | undefined> => {
    const job = await claimJob(database, options, leaseSeconds);
    if (!job) return undefined;
    const releaseLease = keepLease(job);
    try {
      const definition = definitionOf(job.type);
      if (!definition) throw new Error(`Unknown job type ${job.type}`);
      await definition.run(job.payload, { id: job.id, accountId: job.accountId }, services);
    } catch (error) {
      await releaseLease();
      if (error instanceof JobPostponed) {
        await recordJob(database, job, {
          attempts: job.attempts - 1,
          lastError: error.message,
          runAt: sql`now() + make_interval(secs => ${error.seconds})`,
        });
        return false;
      }
      log(error, `job ${job.type} ${job.id} failed (attempt ${job.attempts})`);
      await recordJob(database, job, {
        lastError: error instanceof Error ? error.message : String(error),
        runAt: sql`now() + make_interval(secs => ${retryDelaySeconds(job.attempts)})`,
        ...(job.attempts >= MAX_ATTEMPTS ? { failedAt: sql`now()`, ...finalPayload(job) } : {}),
      });
      return false;
    }
    await releaseLease();
    return recordJob(database, job, { doneAt: sql`now()`, ...finalPayload(job) });
  };

  const runJobs = async (limit: number, keepGoing: () => boolean) => {
    let done = 0;
    for (let i = 0; i < limit && keepGoing(); i++) {
      const outcome = await runOne();
      if (outcome === undefined) break;
      if (outcome) done++;
    }
    return done;
  };
  const loop = createIntervalLoop((keepGoing) => runJobs(20, keepGoing), log, 'job worker failed');

  return {
    runDue: (limit = 20) => runJobs(limit, () => true),
    start: (intervalMs = JOB_POLL_INTERVAL_MS) => loop.start(intervalMs),
    stop: () => loop.stop(),
  };
}
