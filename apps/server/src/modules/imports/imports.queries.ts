import {
  type ImportCounts,
  type ImportDetail,
  type ImportMapping,
  type ImportRow,
  type ImportRowOutcome,
  type ImportStatus,
  importMappingSchema,
  type Page,
} from '@blotter/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { bulkInsert } from '../../db/bulk-insert';
import type { Executor, Tx } from '../../db/client';
import { importMappings, importRows, imports, users } from '../../db/schema/index';
import { notFound } from '../../plugins/errors';

export type ImportRecord = typeof imports.$inferSelect;
export interface SheetInfo {
  name: string;
  headers: string[];
  rowCount: number;
}

const creatorName = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), 'Unknown')`;

export async function findImport(
  tx: Executor,
  id: string,
): Promise<(ImportRecord & { createdByName: string }) | undefined> {
  const [row] = await tx
    .select({ record: imports, createdByName: creatorName })
    .from(imports)
    .leftJoin(users, eq(users.id, imports.createUserId))
    .where(eq(imports.id, id));
  return row ? { ...row.record, createdByName: row.createdByName } : undefined;
}

/** The import, or 404 (another company's is answered the same: row-level security hides it). */
export async function importOr404(tx: Executor, id: string) {
  const found = await findImport(tx, id);
  if (!found) throw notFound('Import');
  return found;
}

export function toDetail(row: ImportRecord & { createdByName: string }): ImportDetail {
  const running = row.status === 'validating' || row.status === 'importing';
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status as ImportStatus,
    createdAt: row.createdAt.toISOString(),
    createdByName: row.createdByName,
    sheets: row.sheets as SheetInfo[],
    mapping: row.mapping as ImportMapping,
    progress: running ? { done: row.progressDone ?? 0, total: row.progressTotal ?? 0 } : null,
    counts: (row.counts as ImportCounts | null) ?? null,
    error: row.error,
  };
}

export async function insertImport(tx: Tx, values: typeof imports.$inferInsert): Promise<string> {
  const [row] = await tx.insert(imports).values(values).returning({ id: imports.id });
  if (!row) throw new Error('Insert returned no row');
  return row.id;
}

export async function updateImport(tx: Tx, id: string, values: Partial<typeof imports.$inferInsert>) {
  await tx
    .update(imports)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(imports.id, id));
}

/** A running import's rows read so far; never moves back (two batches may commit out of order). */
export async function recordProgress(tx: Tx, id: string, done: number) {
  await tx
    .update(imports)
    .set({ progressDone: sql`greatest(${imports.progressDone}, ${done})`, updatedAt: sql`now()` })
    .where(eq(imports.id, id));
}

export async function lastMapping(tx: Executor, accountId: string): Promise<ImportMapping | null> {
  const [row] = await tx
    .select({ mapping: importMappings.mapping })
    .from(importMappings)
    .where(eq(importMappings.accountId, accountId));
  const parsed = row ? importMappingSchema.safeParse(row.mapping) : undefined;
  return parsed?.success ? parsed.data : null;
}

export async function saveLastMapping(tx: Tx, accountId: string, mapping: ImportMapping) {
  await tx
    .insert(importMappings)
    .values({ accountId, mapping })
    .onConflictDoUpdate({ target: importMappings.accountId, set: { mapping, updatedAt: sql`now()` } });
}

export async function listImports(tx: Executor, page: number, pageSize: number): Promise<Page<ImportDetail>> {
  const rows = await tx
    .select({ record: imports, createdByName: creatorName })
    .from(imports)
    .leftJoin(users, eq(users.id, imports.createUserId))
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(pageSize)
    .offset(page * pageSize);
  const [total] = await tx.select({ n: count() }).from(imports);
  return {
    items: rows.map((r) => toDetail({ ...r.record, createdByName: r.createdByName })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}

export interface RowOutcome {
  sheet: string;
  rowNumber: number;
  sourceRef: string;
  outcome: ImportRowOutcome;
  reason: string;
  incidentId: string | null;
}

export async function insertRowOutcomes(tx: Tx, accountId: string, importId: string, rows: readonly RowOutcome[]) {
  if (rows.length === 0) return;
  await bulkInsert(
    tx,
    importRows,
    rows.map((r) => ({ ...r, accountId, importId })),
  );
}

export async function deleteRowOutcomes(tx: Tx, importId: string) {
  await tx.delete(importRows).where(eq(importRows.importId, importId));
}

const rowColumns = {
  sheet: importRows.sheet,
  rowNumber: importRows.rowNumber,
  sourceRef: importRows.sourceRef,
  outcome: importRows.outcome,
  reason: importRows.reason,
  incidentId: importRows.incidentId,
};

export async function pageRowOutcomes(
  tx: Executor,
  importId: string,
  outcome: ImportRowOutcome | undefined,
  page: number,
  pageSize: number,
): Promise<Page<ImportRow>> {
  const where = and(eq(importRows.importId, importId), outcome ? eq(importRows.outcome, outcome) : undefined);
  const items = await tx
    .select(rowColumns)
    .from(importRows)
    .where(where)
    .orderBy(importRows.sheet, importRows.rowNumber)
    .limit(pageSize)
    .offset(page * pageSize);
  const [total] = await tx.select({ n: count() }).from(importRows).where(where);
  return { items: items as ImportRow[], total: total?.n ?? 0, page, pageSize };
}

/** Every row outcome in order, a chunk at a time (the report of a large import is never in memory at once). */
export async function* allRowOutcomes(tx: Executor, importId: string, chunk = 5000): AsyncGenerator<ImportRow[]> {
  for (let offset = 0; ; offset += chunk) {
    const rows = await tx
      .select(rowColumns)
      .from(importRows)
      .where(eq(importRows.importId, importId))
      .orderBy(importRows.sheet, importRows.rowNumber, importRows.id)
      .limit(chunk)
      .offset(offset);
    if (rows.length === 0) return;
    yield rows as ImportRow[];
    if (rows.length < chunk) return;
  }
}
