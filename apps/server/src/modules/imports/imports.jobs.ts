import type { ImportCounts, ImportMapping } from '@blotter/shared';
import { count, DrizzleQueryError, eq } from 'drizzle-orm';
import { commitWithoutFlush, type Tx } from '../../db/client';
import { importRows, incidents } from '../../db/schema/index';
import type { JobModule, JobRun, JobServices } from '../../platform/jobs/job-types';
import { rowContext } from './import-context';
import { createChosenItems } from './import-lookups';
import { refusedOutcome, walkImport } from './import-walk';
import { claimBatch, importingPrincipal, storedRefsOf, writeIncidentBatch } from './import-writer';
import { deleteRowOutcomes, findImport, insertRowOutcomes, recordProgress, updateImport } from './imports.queries';

declare module '../../platform/jobs/job-types' {
  interface JobPayloads {
    /** The dry run of an import on the mapping of that version. */
    importValidate: { importId: string; mappingVersion: number };
    /** The import itself, by the user who started it. */
    importRun: { importId: string; userId: string };
  }
}

/** Rows checked between two progress updates of a dry run; rows stored per transaction by the import. */
const VALIDATE_BATCH = 1000;
const RUN_BATCH = 500;
/** Batches the import writes at once, each in its own transaction (the database works on one while the server prepares the next). */
const RUN_LANES = 2;

function contextOf(job: JobRun, services: JobServices) {
  const accountId = job.accountId;
  const storage = services.storage;
  if (!accountId || !storage) throw new Error('An import job needs its company and the file storage.');
  const tenant = <T>(fn: (tx: Tx) => Promise<T>) => services.database.tenant(accountId, fn);
  return { accountId, storage, tenant };
}

/**
 * The sentence a failed import shows. A failed statement's error carries its SQL text and values
 * (drizzle's 'Failed query: … params: …', which may hold a row's personal fields): only the
 * database's own message is shown.
 */
function failure(error: unknown): string {
  const cause = error instanceof DrizzleQueryError && error.cause instanceof Error ? error.cause : error;
  return `The import stopped: ${cause instanceof Error ? cause.message.slice(0, 300) : 'unknown error'}. Try again, or contact support.`;
}

/** Refs of the batch already stored as incidents (a dry run counts them as skipped). */
async function storedRefs(tx: Tx, refs: string[]): Promise<Set<string>> {
  if (refs.length === 0) return new Set();
  const rows = await tx.select({ ref: incidents.sourceRef }).from(incidents).where(storedRefsOf(refs));
  return new Set(rows.map((r) => r.ref ?? ''));
}

/** The dry run: every row checked with the form's rules, each refused one recorded; nothing stored. */
async function validateImport(
  payload: { importId: string; mappingVersion: number },
  job: JobRun,
  services: JobServices,
) {
  const { accountId, storage, tenant } = contextOf(job, services);
  const record = await tenant((tx) => findImport(tx, payload.importId));
  if (record?.status !== 'validating' || record.mappingVersion !== payload.mappingVersion) return;
  try {
    const ctx = await tenant((tx) => rowContext(tx, accountId, record.mapping as ImportMapping, record.timezoneOffset));
    await tenant((tx) => deleteRowOutcomes(tx, record.id));
    const counts: ImportCounts = { rows: 0, valid: 0, refused: 0, created: 0, skipped: 0 };
    const { orphans, rows } = await walkImport(
      storage,
      record,
      ctx,
      VALIDATE_BATCH,
      1,
      async ({ rows: batch, done }) => {
        const refused = batch.filter((r) => r.issues.length > 0);
        const valid = batch.filter((r) => r.issues.length === 0);
        await tenant(async (tx) => {
          const stored = await storedRefs(
            tx,
            valid.map((r) => r.sourceRef),
          );
          counts.refused += refused.length;
          counts.skipped += valid.filter((r) => stored.has(r.sourceRef)).length;
          counts.valid += valid.length;
          await insertRowOutcomes(tx, accountId, record.id, refused.map(refusedOutcome));
          await updateImport(tx, record.id, { progressDone: done });
        });
      },
    );
    await tenant(async (tx) => {
      await insertRowOutcomes(tx, accountId, record.id, orphans);
      counts.refused += orphans.length;
      counts.rows = rows;
      await updateImport(tx, record.id, {
        status: 'validated',
        validatedVersion: payload.mappingVersion,
        counts,
        progressDone: rows,
      });
    });
  } catch (error) {
    await tenant((tx) => updateImport(tx, record.id, { status: 'failed', error: failure(error) }));
  }
}

/**
 * The rows of the import that have an outcome already, by sheet (a resumed import repeats none of
 * them; batches may have committed out of order, two being written at once). Empty on a first run.
 */
async function decidedRows(tx: Tx, importId: string): Promise<Map<string, Set<number>>> {
  const rows = await tx
    .select({ sheet: importRows.sheet, rowNumber: importRows.rowNumber })
    .from(importRows)
    .where(eq(importRows.importId, importId));
  const bySheet = new Map<string, Set<number>>();
  for (const row of rows) {
    const numbers = bySheet.get(row.sheet) ?? new Set<number>();
    numbers.add(row.rowNumber);
    bySheet.set(row.sheet, numbers);
  }
  return bySheet;
}

/**
 * The import: the lookup items chosen as 'create' first, then the incidents in batches of
 * RUN_BATCH rows, RUN_LANES at once: each batch claims its numbers in a short transaction, then is
 * written in one transaction with its row outcomes, so a crash resumes with the rows that have no
 * outcome and nothing is stored twice.
 */
async function runImport(payload: { importId: string; userId: string }, job: JobRun, services: JobServices) {
  const { accountId, storage, tenant } = contextOf(job, services);
  const record = await tenant((tx) => findImport(tx, payload.importId));
  if (record?.status !== 'importing') return;
  try {
    const mapping = record.mapping as ImportMapping;
    const principal = await tenant((tx) => importingPrincipal(tx, accountId, payload.userId));
    const created = await tenant((tx) => createChosenItems(tx, principal, mapping));
    const ctx = { ...(await tenant((tx) => rowContext(tx, accountId, mapping, record.timezoneOffset))), created };
    const decided = await tenant((tx) => decidedRows(tx, record.id));
    const isOpen = (row: { sheet: string; rowNumber: number }) => !decided.get(row.sheet)?.has(row.rowNumber);
    const { orphans, rows } = await walkImport(
      storage,
      record,
      ctx,
      RUN_BATCH,
      RUN_LANES,
      async ({ rows: batch, done }) => {
        const open = batch.filter(isOpen);
        const refused = open.filter((r) => r.issues.length > 0).map(refusedOutcome);
        const claimed = await tenant((tx) =>
          claimBatch(
            tx,
            principal,
            open.filter((r) => r.issues.length === 0),
          ),
        );
        await tenant(async (tx) => {
          await commitWithoutFlush(tx);
          const stored = await writeIncidentBatch(tx, principal, record, claimed);
          await insertRowOutcomes(tx, accountId, record.id, [...refused, ...stored]);
          await recordProgress(tx, record.id, done);
        });
      },
    );
    await tenant(async (tx) => {
      await insertRowOutcomes(tx, accountId, record.id, orphans.filter(isOpen));
      const tally = await tx
        .select({ outcome: importRows.outcome, n: count() })
        .from(importRows)
        .where(eq(importRows.importId, record.id))
        .groupBy(importRows.outcome);
      const n = (outcome: string) => tally.find((t) => t.outcome === outcome)?.n ?? 0;
      const counts: ImportCounts = {
        rows,
        valid: n('created'),
        refused: n('refused'),
        created: n('created'),
        skipped: n('skipped'),
      };
      await updateImport(tx, record.id, { status: 'done', counts, progressDone: rows });
    });
  } catch (error) {
    await tenant((tx) => updateImport(tx, record.id, { status: 'failed', error: failure(error) }));
  }
}

/** Bulk import of incidents (issue 32 §1): the dry run and the import, run by the job worker. */
export const importJobs = {
  name: 'imports',
  jobs: {
    importValidate: { run: validateImport },
    importRun: { run: runImport },
  },
} satisfies JobModule;
