import type { ResultDisplayContext } from '../columns/display-context';
import { toCsv } from './csv';

/** A column as the export sees it: a header and the text its cells display. */
export interface ExportColumn<Row> {
  header: string;
  text: (row: Row, context: ResultDisplayContext) => string;
  /** What the export writes instead of the cell's text, e.g. the full summary the cell cuts. */
  exportText?: ((row: Row, context: ResultDisplayContext) => string) | undefined;
}

/** The CSV of every row (not just the page): the given columns in their order, with full texts. */
export function resultsCsv<Row>(
  rows: readonly Row[],
  columns: readonly ExportColumn<Row>[],
  context: ResultDisplayContext,
): string {
  return toCsv(
    columns.map((column) => column.header),
    rows.map((row) => columns.map((column) => (column.exportText ?? column.text)(row, context))),
  );
}
