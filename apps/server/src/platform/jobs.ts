import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { jobs } from '../db/schema/index';
import { createIntervalLoop } from './interval-loop';
import type { Mailer, MailMessage } from './mail';

export interface JobPayloads {
  mail: MailMessage;
  /**
   * An email whose text ends with a link into the app: `linkPath` is appended to the server's
   * public URL when it is sent (the services that queue it do not know that URL).
   */
  appLinkMail: MailMessage & { linkPath: string };
}
export type JobType = keyof JobPayloads;

const MAX_ATTEMPTS = 8;
/** Retry after 10 s, 20 s, 40 s … at most one hour. */
export const retryDelaySeconds = (attempts: number) => Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));

/** Queues work in the caller's transaction: it runs only if the change it belongs to commits. */
export async function enqueueJob<T extends JobType>(
  tx: Tx,
  accountId: string | null,
  type: T,
  payload: JobPayloads[T],
) {
  await tx.insert(jobs).values({ accountId, type, payload });
}

export interface JobRunner {
  /**
   * Processes up to `limit` due jobs, each in its own transaction, one after the other; answers how
   * many succeeded.
   */
  runDue(limit?: number): Promise<number>;
  /** Polls every intervalMs until stopped. */
  start(intervalMs?: number): void;
  /** Stops polling; the job being run finishes (and is recorded) first, no further job starts. */
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  /** Only this company's jobs (tests sharing one database); every job otherwise. */
  accountId?: string;
  /** The app's public URL, for the links of appLinkMail jobs. */
  publicUrl?: string;
}

export function createJobRunner(
  database: Database,
  mailer: Mailer,
  log: (error: unknown, message: string) => void,
  options: JobRunnerOptions = {},
): JobRunner {
  const handlers: { [T in JobType]: (payload: JobPayloads[T], jobId: string) => Promise<void> } = {
    mail: (payload) => mailer.send(payload),
    appLinkMail: ({ linkPath, ...message }, jobId) => {
      if (!options.publicUrl) throw new Error('No public URL to link to');
      return mailer.send({
        ...message,
        text: `${message.text}${options.publicUrl}${linkPath}`,
        // The same Message-ID however often the job runs: if a crash repeats a sent email (see
        // runOne), the copy is recognisably the same message.
        messageId: `<job-${jobId}@blotter.invalid>`,
      });
    },
  };

  /**
   * Claims one due job (its row lock makes other processes skip it), runs it and records the
   * outcome in the same transaction, which commits before the next job is claimed: a crash repeats
   * at most the one job that was running. Answers undefined when no job is due.
   */
  const runOne = () =>
    database.system(async (tx) => {
      const [job] = await tx
        .select()
        .from(jobs)
        .where(
          and(
            isNull(jobs.doneAt),
            isNull(jobs.failedAt),
            lte(jobs.runAt, sql`now()`),
            options.accountId ? eq(jobs.accountId, options.accountId) : undefined,
          ),
        )
        .orderBy(asc(jobs.runAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!job) return undefined;
      const attempts = job.attempts + 1;
      try {
        const handler = handlers[job.type as JobType] as
          | ((payload: unknown, jobId: string) => Promise<void>)
          | undefined;
        if (!handler) throw new Error(`Unknown job type ${job.type}`);
        await handler(job.payload, job.id);
      } catch (error) {
        log(error, `job ${job.type} ${job.id} failed (attempt ${attempts})`);
        await tx
          .update(jobs)
          .set({
            attempts,
            lastError: error instanceof Error ? error.message : String(error),
            runAt: sql`now() + make_interval(secs => ${retryDelaySeconds(attempts)})`,
            ...(attempts >= MAX_ATTEMPTS ? { failedAt: sql`now()` } : {}),
          })
          .where(eq(jobs.id, job.id));
        return false;
      }
      await tx.update(jobs).set({ doneAt: sql`now()`, attempts }).where(eq(jobs.id, job.id));
      return true;
    });

  const runJobs = async (limit: number, keepGoing: () => boolean) => {
    let done = 0;
    for (let i = 0; i < limit && keepGoing(); i++) {
      const outcome = await runOne();
      if (outcome === undefined) break;
      if (outcome) done++;
    }
    return done;
  };
  const runDue = (limit = 20) => runJobs(limit, () => true);

  const loop = createIntervalLoop((keepGoing) => runJobs(20, keepGoing), log, 'job worker failed');

  return {
    runDue,
    start: (intervalMs = 2000) => loop.start(intervalMs),
    stop: () => loop.stop(),
  };
}
