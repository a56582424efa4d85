import type { Readable } from 'node:stream';
import { once } from '../../platform/once';

/** A cell as read: text, or a date when a spreadsheet stored one (an Excel date cell). */
export type Cell = string | Date;

export type SheetEvent =
  | { type: 'sheet'; name: string; headers: string[] }
  | { type: 'row'; sheet: string; rowNumber: number; cells: Cell[] };

/** csv-parse and exceljs, loaded at the first import, not with the server. */
const csvLibrary = once(() => import('csv-parse'));
const excelLibrary = once(() => import('exceljs'));

/** Blank headers get 'Column n', repeated ones ' (2)', so every header names one column. */
function uniqueHeaders(raw: readonly Cell[]): string[] {
  const seen = new Map<string, number>();
  return raw.map((cell, i) => {
    const base = (typeof cell === 'string' ? cell : cell.toISOString()).trim() || `Column ${i + 1}`;
    const count = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

const isBlank = (cells: readonly Cell[]) => cells.every((c) => typeof c === 'string' && c.trim() === '');

/** One exceljs cell value as text or a date (a formula's result, a hyperlink's text, rich text joined). */
function excelCell(value: unknown): Cell {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    const v = value as { result?: unknown; text?: unknown; richText?: { text: string }[]; error?: unknown };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return excelCell(v.result);
    if (typeof v.text === 'string') return v.text;
    if (v.error) return '';
  }
  return '';
}

async function* csvEvents(stream: Readable, sheetName: string): AsyncGenerator<SheetEvent> {
  const { parse } = await csvLibrary();
  const parser = stream.pipe(
    parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true }),
  );
  let headers: string[] | undefined;
  let rowNumber = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    rowNumber++;
    if (!headers) {
      if (isBlank(record)) continue;
      headers = uniqueHeaders(record);
      yield { type: 'sheet', name: sheetName, headers };
      continue;
    }
    if (isBlank(record)) continue;
    yield { type: 'row', sheet: sheetName, rowNumber, cells: record };
  }
  if (!headers) yield { type: 'sheet', name: sheetName, headers: [] };
}

async function* xlsxEvents(stream: Readable): AsyncGenerator<SheetEvent> {
  const Excel = await excelLibrary();
  const reader = new Excel.stream.xlsx.WorkbookReader(stream, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  for await (const sheet of reader) {
    const name = (sheet as unknown as { name: string }).name;
    let headers: string[] | undefined;
    for await (const row of sheet) {
      // row.values is 1-based (index 0 unused).
      const values = (row.values as unknown[]).slice(1).map(excelCell);
      if (!headers) {
        if (isBlank(values)) continue;
        headers = uniqueHeaders(values);
        yield { type: 'sheet', name, headers };
        continue;
      }
      if (isBlank(values)) continue;
      yield { type: 'row', sheet: name, rowNumber: row.number, cells: values };
    }
    if (!headers) yield { type: 'sheet', name, headers: [] };
  }
}

/** The sheets of a stored file and their rows, read as a stream (never the whole file in memory). */
export function sheetEvents(stream: Readable, kind: 'csv' | 'xlsx', csvName: string): AsyncGenerator<SheetEvent> {
  return kind === 'csv' ? csvEvents(stream, csvName) : xlsxEvents(stream);
}

/** A CSV file's one sheet is named after the file, without its extension. */
export const csvSheetName = (fileName: string) => fileName.replace(/\.[^.]*$/, '') || 'Sheet1';
