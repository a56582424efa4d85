import { CSV_BOM, csvLine } from '@blotter/shared';
import type { Executor } from '../../db/client';
import { allRowOutcomes, importOr404 } from './imports.queries';

const REPORT_HEADERS = ['Sheet', 'Row', 'Source reference', 'Outcome', 'Reason'];

/**
 * GET /imports/{id}/report.csv: every row's outcome and reason (CSV-injection safe: csvLine puts an
 * apostrophe before a cell that starts like a formula). Reasons never hold a private person value.
 */
export async function importReportCsv(tx: Executor, id: string): Promise<{ fileName: string; csv: string }> {
  const record = await importOr404(tx, id);
  const parts = [CSV_BOM, csvLine(REPORT_HEADERS)];
  for await (const chunk of allRowOutcomes(tx, id)) {
    for (const row of chunk)
      parts.push(csvLine([row.sheet, String(row.rowNumber), row.sourceRef, row.outcome, row.reason]));
  }
  const base =
    record.fileName
      .replace(/\.[^.]*$/, '')
      .replace(/[\\/:*?"<>|\p{Cc}]/gu, ' ')
      .trim() || 'import';
  return { fileName: `${base} report.csv`, csv: parts.join('') };
}
