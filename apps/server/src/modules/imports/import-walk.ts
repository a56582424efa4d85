import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { ImportMapping } from '@blotter/shared';
import type { StorageAdapter } from '../../platform/storage';
import { planCache } from './import-context';
import { type ChildRow, type IncidentRow, type RowContext, readChildRow, readIncidentRow } from './import-rows';
import { mappedRows, type StoredFile, storedFileEvents } from './import-scan';
import { cellText } from './import-values';
import type { RowOutcome } from './imports.queries';

export interface WalkBatch {
  /** The batch's incident rows, each with its issues (empty when valid). */
  rows: IncidentRow[];
  /** Rows read so far (all mapped sheets). */
  done: number;
}

/**
 * Reads the mapped file as a stream and hands its incident rows to `onBatch` in batches: the
 * persons, vehicles and items of other sheets are read first (held by reference), a source
 * reference repeated in the file is refused on its later rows, and rows of the other sheets whose
 * reference no incident row has are answered at the end (refused). Between batches the event loop
 * is given back, so requests are served while a long import runs. Batches are read while earlier
 * ones are written, up to `lanes` of them at once (started in order, finishing in any): the
 * server's CPU reads and checks rows while the database's cores store the last ones.
 */
export async function walkImport(
  storage: StorageAdapter,
  file: StoredFile,
  ctx: RowContext,
  batchSize: number,
  lanes: number,
  onBatch: (batch: WalkBatch) => Promise<void>,
): Promise<{ orphans: RowOutcome[]; rows: number }> {
  const mapping: ImportMapping = ctx.mapping;
  const planOf = planCache();
  const children = new Map<string, ChildRow[]>();
  let done = 0;
  if (mapping.sheets.some((s) => s.entity && s.entity !== 'incidents')) {
    for await (const row of mappedRows(storedFileEvents(storage, file), mapping)) {
      const plan = planOf(row);
      if (plan.entity === 'incidents') continue;
      const child = readChildRow(plan, row.rowNumber, row.cells, ctx);
      children.set(child.incidentRef, [...(children.get(child.incidentRef) ?? []), child]);
      done++;
    }
  }
  const firstRowOf = new Map<string, number>();
  const writing: Promise<void>[] = [];
  const hand = async (rows: IncidentRow[]) => {
    // At most `lanes` batches at once: wait for the oldest (an earlier failure stops the walk here).
    if (writing.length >= lanes) await writing.shift();
    const written = onBatch({ rows, done });
    written.catch(() => undefined); // observed when its turn comes, or at the end
    writing.push(written);
  };
  try {
    let batch: IncidentRow[] = [];
    for await (const row of mappedRows(storedFileEvents(storage, file), mapping)) {
      const plan = planOf(row);
      if (plan.entity !== 'incidents') continue;
      done++;
      const ref = cellText(row.cells[plan.columns.get('sourceRef')?.index ?? -1]);
      const mine = ref ? (children.get(ref) ?? []) : [];
      children.delete(ref);
      const read = readIncidentRow(plan, row.rowNumber, row.cells, mine, ctx);
      const earlier = ref ? firstRowOf.get(ref) : undefined;
      if (earlier !== undefined)
        read.issues.push(`The source reference '${ref.slice(0, 80)}' is also on row ${earlier}.`);
      else if (ref) firstRowOf.set(ref, row.rowNumber);
      batch.push(read);
      if (batch.length >= batchSize) {
        await hand(batch);
        batch = [];
        await yieldToOthers();
      }
    }
    if (batch.length > 0) await hand(batch);
    // Each leaves the list only once awaited: those behind a failure stay for the catch below.
    while (writing.length > 0) await writing.shift();
  } catch (error) {
    // No batch is left running behind a failed walk.
    await Promise.allSettled(writing);
    throw error;
  }
  const orphans: RowOutcome[] = [...children.entries()].flatMap(([ref, rows]) =>
    rows.map((child) => ({
      sheet: child.sheet,
      rowNumber: child.rowNumber,
      sourceRef: ref,
      outcome: 'refused' as const,
      reason: ref ? `No incident row has the reference '${ref.slice(0, 80)}'.` : 'The incident reference is required.',
      incidentId: null,
    })),
  );
  return { orphans, rows: done };
}

/** A refused row's outcome: its reasons, in the form's order. */
export const refusedOutcome = (row: IncidentRow): RowOutcome => ({
  sheet: row.sheet,
  rowNumber: row.rowNumber,
  sourceRef: row.sourceRef,
  outcome: 'refused',
  reason: row.issues.join(' '),
  incidentId: null,
});
