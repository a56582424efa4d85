import type { ResultColumn, ResultDisplayContext } from '@blotter/shared/presentation';
import { REPORT_UPLOAD_LIMITS } from '@blotter/shared/schemas/analysis';
import type { IncidentRow } from '@blotter/shared/schemas/incidents';

/**
 * The formatted rows a report prints (spec 2 §4 'upload the formatted rows'): the chosen columns'
 * headers and, for each row, the texts the results table shows (the full summary, as the CSV), each
 * cut to what the upload takes.
 */
export function printRows(
  rows: readonly IncidentRow[],
  columns: readonly ResultColumn[],
  context: ResultDisplayContext,
): { columns: string[]; rows: string[][] } {
  const cut = (text: string) =>
    text.length > REPORT_UPLOAD_LIMITS.cell ? `${text.slice(0, REPORT_UPLOAD_LIMITS.cell - 1)}…` : text;
  const chosen = columns.slice(0, REPORT_UPLOAD_LIMITS.columns);
  return {
    columns: chosen.map((column) => column.header),
    rows: rows
      .slice(0, REPORT_UPLOAD_LIMITS.rows)
      .map((row) => chosen.map((column) => cut((column.exportText ?? column.text)(row, context)))),
  };
}
