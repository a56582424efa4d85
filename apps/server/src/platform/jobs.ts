import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { jobs } from '../db/schema/index';
import type { Mailer, MailMessage } from './mail';

export interface JobPayloads {
  mail: MailMessage;
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
  /** Processes the jobs that are due; answers how many succeeded. */
  runDue(limit?: number): Promise<number>;
  /** Polls every intervalMs until stopped. */
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

export function createJobRunner(
  database: Database,
  mailer: Mailer,
  log: (error: unknown, message: string) => void,
): JobRunner {
  const handlers: { [T in JobType]: (payload: JobPayloads[T]) => Promise<void> } = {
    mail: (payload) => mailer.send(payload),
  };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  const runDue = (limit = 20) =>
    // Each job in its own transaction holding its row lock, so other processes skip it.
    database.system(async (tx) => {
      let done = 0;
      const due = await tx
        .select()
        .from(jobs)
        .where(and(isNull(jobs.doneAt), isNull(jobs.failedAt), lte(jobs.runAt, sql`now()`)))
        .orderBy(asc(jobs.runAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      for (const job of due) {
        try {
          const handler = handlers[job.type as JobType] as ((payload: unknown) => Promise<void>) | undefined;
          if (!handler) throw new Error(`Unknown job type ${job.type}`);
          await handler(job.payload);
          await tx
            .update(jobs)
            .set({ doneAt: sql`now()`, attempts: job.attempts + 1 })
            .where(eq(jobs.id, job.id));
          done++;
        } catch (error) {
          const attempts = job.attempts + 1;
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
        }
      }
      return done;
    });

  return {
    runDue,
    start(intervalMs = 2000) {
      timer ??= setInterval(() => {
        if (running) return;
        running = runDue()
          .catch((error) => {
            log(error, 'job worker failed');
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
