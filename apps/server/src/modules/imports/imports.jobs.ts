import type { ImportCounts, ImportMapping } from '@blotter/shared';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { importRows, incidents } from '../../db/schema/index';
import type { JobModule, JobRun, JobServices } from '../../platform/jobs/job-types';
import { rowContext } from './import-context';
import { createChosenItems } from './import-lookups';
import { refusedOutcome, walkImport } from './import-walk';
import { importingPrincipal, writeIncidentBatch } from './import-writer';
import { deleteRowOutcomes, findImport, insertRowOutcomes, updateImport } from './imports.queries';

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

function contextOf(job: JobRun, services: JobServices) {
  const accountId = job.accountId;
  const storage = services.storage;
  if (!accountId || !storage) throw new Error('An import job needs its company and the file storage.');
  const tenant = <T>(fn: (tx: Tx) => Promise<T>) => services.database.tenant(accountId, fn);
  return { accountId, storage, tenant };
}

const failure = (error: unknown) =>
  `The import stopped: ${error instanceof Error ? error.message.slice(0, 300) : 'unknown error'}. Try again, or contact support.`;

/** Refs of the batch already stored as incidents (a dry run counts them as skipped). */
async function storedRefs(tx: Tx, refs: string[]): Promise<Set<string>> {
  if (refs.length === 0) return new Set();
  const rows = await tx.select({ ref: incidents.sourceRef }).from(incidents).where(inArray(incidents.sourceRef, refs));
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
    const { orphans, rows } = await walkImport(storage, record, ctx, VALIDATE_BATCH, async ({ rows: batch, done }) => {
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
    });
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

/** The row numbers of the batch that already have an outcome (a resumed import repeats nothing). */
async function decided(tx: Tx, importId: string, rows: { sheet: string; rowNumber: number }[]): Promise<Set<string>> {
  const numbers = rows.map((r) => r.rowNumber);
  if (numbers.length === 0) return new Set();
  const found = await tx
    .select({ sheet: importRows.sheet, rowNumber: importRows.rowNumber })
    .from(importRows)
    .where(and(eq(importRows.importId, importId), inArray(importRows.rowNumber, numbers)));
  return new Set(found.map((r) => `${r.sheet}|${r.rowNumber}`));
}

/**
 * The import: the lookup items chosen as 'create' first, then the incidents in batches of
 * RUN_BATCH rows, each batch one transaction with its row outcomes, so a crash resumes after the
 * last committed batch and nothing is stored twice.
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
    const { orphans, rows } = await walkImport(storage, record, ctx, RUN_BATCH, async ({ rows: batch, done }) => {
      await tenant(async (tx) => {
        const seen = await decided(tx, record.id, batch);
        const open = batch.filter((r) => !seen.has(`${r.sheet}|${r.rowNumber}`));
        const refused = open.filter((r) => r.issues.length > 0).map(refusedOutcome);
        const valid = open.filter((r) => r.issues.length === 0);
        const stored = await writeIncidentBatch(tx, principal, record, valid);
        await insertRowOutcomes(tx, accountId, record.id, [...refused, ...stored]);
        await updateImport(tx, record.id, { progressDone: done });
      });
    });
    await tenant(async (tx) => {
      const seen = await decided(tx, record.id, orphans);
      await insertRowOutcomes(
        tx,
        accountId,
        record.id,
        orphans.filter((o) => !seen.has(`${o.sheet}|${o.rowNumber}`)),
      );
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
