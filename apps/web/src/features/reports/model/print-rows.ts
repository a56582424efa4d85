import type { ResultColumn, ResultDisplayContext } from '@blotter/shared/presentation';
import { REPORT_UPLOAD_LIMITS } from '@blotter/shared/schemas/analysis';
import type { IncidentRow } from '@blotter/shared/schemas/incidents';

/** The most rows a report prints (the server refuses more); the dialog says so before printing. */
export const PRINT_ROW_LIMIT = REPORT_UPLOAD_LIMITS.rows;

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The print dialog's note on the row limit: the limit until the search's total is known, then
 * whether all its rows are printed or only the first PRINT_ROW_LIMIT (a capped total reads '10,000+').
 */
export function printLimitText(found: { total: number; capped: boolean } | undefined): string {
  const limit = `Prints up to ${count(PRINT_ROW_LIMIT)} rows`;
  if (!found) return `${limit}.`;
  if (found.total <= PRINT_ROW_LIMIT && !found.capped) {
    return `${limit}; these results have ${count(found.total)}: all are printed.`;
  }
  return (
    `${limit}; these results have ${count(found.total)}${found.capped ? '+' : ''}: ` +
    `the first ${count(PRINT_ROW_LIMIT)} are printed. Narrow the search to print the rest.`
  );
}

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
      .slice(0, PRINT_ROW_LIMIT)
      .map((row) => chosen.map((column) => cut((column.exportText ?? column.text)(row, context)))),
  };
}
