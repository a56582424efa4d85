import { and, asc, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema/index';

export type JobRow = typeof jobs.$inferSelect;

/** Which jobs a runner may take, by company (test contexts sharing one database keep apart). */
export interface JobOwnership {
  /** Only this company's jobs. */
  accountId?: string | undefined;
  /** Only the jobs of the companies this answers, and with `unowned` those of no company. */
  scope?: { accounts: () => readonly string[] | Promise<readonly string[]>; unowned?: boolean } | undefined;
}

async function ownedBy(options: JobOwnership): Promise<SQL | undefined> {
  if (options.accountId) return eq(jobs.accountId, options.accountId);
  if (!options.scope) return undefined;
  const ids = [...(await options.scope.accounts())];
  const mine = ids.length > 0 ? inArray(jobs.accountId, ids) : sql`false`;
  return options.scope.unowned ? or(mine, isNull(jobs.accountId)) : mine;
}

/**
 * Claims the next due job in one short transaction: its row lock makes other workers skip it
 * while it is being claimed, and the claim itself is a lease: `run_at` moves `leaseSeconds` ahead
 * and the attempt is counted, then the transaction commits. Nobody else takes the job before the
 * lease runs out; if this process dies while running it, any worker takes it again after that
 * (at-least-once). Answers the job as claimed (`attempts` is this attempt's number), or undefined.
 */
export async function claimJob(
  database: Database,
  owner: JobOwnership,
  leaseSeconds: number,
): Promise<JobRow | undefined> {
  const owned = await ownedBy(owner);
  return database.system(async (tx) => {
    const [due] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(isNull(jobs.doneAt), isNull(jobs.failedAt), lte(jobs.runAt, sql`now()`), owned))
      .orderBy(asc(jobs.runAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return undefined;
    const [claimed] = await tx
      .update(jobs)
      .set({ attempts: sql`${jobs.attempts} + 1`, runAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where(eq(jobs.id, due.id))
      .returning();
    return claimed;
  });
}

/**
 * Renews the lease of a job still running (a long import): `run_at` moves `leaseSeconds` ahead of
 * now again, only while this worker's claim holds (same attempt, not finished). Answers whether it
 * still holds.
 */
export async function renewJob(database: Database, job: JobRow, leaseSeconds: number): Promise<boolean> {
  const rows = await database.system((tx) =>
    tx
      .update(jobs)
      .set({ runAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where(and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), isNull(jobs.doneAt), isNull(jobs.failedAt)))
      .returning({ id: jobs.id }),
  );
  return rows.length > 0;
}

/**
 * Records the outcome of a claimed job in a second short transaction. Only while the claim still
 * holds: a job whose lease ran out and that another worker claimed since (its attempts moved on)
 * is left to that worker. Answers whether the outcome was recorded.
 */
export async function recordJob(
  database: Database,
  job: JobRow,
  change: Partial<Pick<JobRow, 'attempts' | 'lastError' | 'payload'>> & {
    runAt?: SQL;
    doneAt?: SQL;
    failedAt?: SQL;
  },
): Promise<boolean> {
  const rows = await database.system((tx) =>
    tx
      .update(jobs)
      .set(change)
      .where(and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), isNull(jobs.doneAt), isNull(jobs.failedAt)))
      .returning({ id: jobs.id }),
  );
  return rows.length > 0;
}
