import { and, asc, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { QuickBooksConfig } from '../config';
import type { Database, Tx } from '../db/client';
import { jobs } from '../db/schema/index';
import { createIntervalLoop } from './interval-loop';
import type { Mailer, MailMessage } from './mail';
import { pushQuickBooksInvoice, type QuickBooksInvoicePayload, QuickBooksNotConnected } from './quickbooks/invoice';
import { redactSms, type SmsMessage, type SmsSender } from './sms';

export interface JobPayloads {
  mail: MailMessage;
  /**
   * An email whose text ends with a link into the app: `linkPath` is appended to the server's
   * public URL when it is sent (the services that queue it do not know that URL).
   */
  appLinkMail: MailMessage & { linkPath: string };
  /** A text message (two-factor codes); its payload is masked once sent or given up. */
  sms: SmsMessage;
  /** A paid subscription payment recorded in QuickBooks Online (platform/quickbooks/invoice.ts). */
  quickbooksInvoice: QuickBooksInvoicePayload;
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

/**
 * A handler's answer that the job cannot run yet and is not failing (QuickBooks not connected):
 * it runs again after `seconds`, without counting an attempt, so it waits as long as needed.
 */
export class JobPostponed extends Error {
  constructor(
    readonly seconds: number,
    message: string,
  ) {
    super(message);
  }
}

/** How long an invoice waits before looking again for a QuickBooks connection. */
export const QUICKBOOKS_WAIT_SECONDS = 3600;

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
  /**
   * Only the jobs of the companies this answers, and with `unowned` those of no company (test
   * contexts sharing one database: another context's runner must not send their jobs).
   */
  scope?: { accounts: () => readonly string[] | Promise<readonly string[]>; unowned?: boolean };
  /** The app's public URL, for the links of appLinkMail jobs. */
  publicUrl?: string;
  /** Sends the sms jobs. */
  sms?: SmsSender;
  /** QuickBooks Online, for the quickbooksInvoice jobs (they wait while it is not configured). */
  quickBooks?: QuickBooksConfig | undefined;
}

export function createJobRunner(
  database: Database,
  mailer: Mailer,
  log: (error: unknown, message: string) => void,
  options: JobRunnerOptions = {},
): JobRunner {
  const handlers: { [T in JobType]: (payload: JobPayloads[T], jobId: string, tx: Tx) => Promise<void> } = {
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
    sms: (payload) => {
      if (!options.sms) throw new Error('No SMS sender');
      return options.sms.send(payload);
    },
    quickbooksInvoice: async (payload, _jobId, tx) => {
      const notYet = () => new JobPostponed(QUICKBOOKS_WAIT_SECONDS, new QuickBooksNotConnected().message);
      if (!options.quickBooks || !options.publicUrl) throw notYet();
      try {
        await pushQuickBooksInvoice(tx, options.quickBooks, options.publicUrl, payload);
      } catch (error) {
        throw error instanceof QuickBooksNotConnected ? notYet() : error;
      }
    },
  };
  /** Secrets a job's payload must not keep once the job is over (sent or given up). */
  const redactors: { [T in JobType]?: (payload: JobPayloads[T]) => JobPayloads[T] } = { sms: redactSms };
  const finalPayload = (type: string, payload: unknown) => {
    const redact = redactors[type as JobType] as ((payload: unknown) => unknown) | undefined;
    return redact ? { payload: redact(payload) } : {};
  };

  /**
   * Claims one due job (its row lock makes other processes skip it), runs it and records the
   * outcome in the same transaction, which commits before the next job is claimed: a crash repeats
   * at most the one job that was running. Answers undefined when no job is due.
   */
  /** The jobs this runner may take, by company. */
  const owned = async (): Promise<SQL | undefined> => {
    if (options.accountId) return eq(jobs.accountId, options.accountId);
    if (!options.scope) return undefined;
    const ids = [...(await options.scope.accounts())];
    const mine = ids.length > 0 ? inArray(jobs.accountId, ids) : sql`false`;
    return options.scope.unowned ? or(mine, isNull(jobs.accountId)) : mine;
  };

  const runOne = async () => {
    const ownedJobs = await owned();
    return database.system(async (tx) => {
      const [job] = await tx
        .select()
        .from(jobs)
        .where(and(isNull(jobs.doneAt), isNull(jobs.failedAt), lte(jobs.runAt, sql`now()`), ownedJobs))
        .orderBy(asc(jobs.runAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!job) return undefined;
      const attempts = job.attempts + 1;
      try {
        const handler = handlers[job.type as JobType] as
          | ((payload: unknown, jobId: string, tx: Tx) => Promise<void>)
          | undefined;
        if (!handler) throw new Error(`Unknown job type ${job.type}`);
        await handler(job.payload, job.id, tx);
      } catch (error) {
        if (error instanceof JobPostponed) {
          await tx
            .update(jobs)
            .set({ lastError: error.message, runAt: sql`now() + make_interval(secs => ${error.seconds})` })
            .where(eq(jobs.id, job.id));
          return false;
        }
        log(error, `job ${job.type} ${job.id} failed (attempt ${attempts})`);
        await tx
          .update(jobs)
          .set({
            attempts,
            lastError: error instanceof Error ? error.message : String(error),
            runAt: sql`now() + make_interval(secs => ${retryDelaySeconds(attempts)})`,
            ...(attempts >= MAX_ATTEMPTS ? { failedAt: sql`now()`, ...finalPayload(job.type, job.payload) } : {}),
          })
          .where(eq(jobs.id, job.id));
        return false;
      }
      await tx
        .update(jobs)
        .set({ doneAt: sql`now()`, attempts, ...finalPayload(job.type, job.payload) })
        .where(eq(jobs.id, job.id));
      return true;
    });
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
  const runDue = (limit = 20) => runJobs(limit, () => true);

  const loop = createIntervalLoop((keepGoing) => runJobs(20, keepGoing), log, 'job worker failed');

  return {
    runDue,
    start: (intervalMs = 2000) => loop.start(intervalMs),
    stop: () => loop.stop(),
  };
}
