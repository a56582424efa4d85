import { Readable } from 'node:stream';
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

/**
 * The separator of a CSV, from its header line: ',' unless ';' (European Excel) or a tab separates
 * more of its fields (outside quotes).
 */
export function csvDelimiter(head: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const ch of head) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let best = ',';
  for (const [ch, n] of counts) if (n > (counts.get(best) ?? 0)) best = ch;
  return best;
}

/** The stream's first chunk (to sniff it) and the whole stream again, that chunk first. */
async function peek(stream: Readable): Promise<{ head: string; whole: Readable }> {
  const source = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const first = await source.next();
  const chunk = first.done ? Buffer.alloc(0) : Buffer.from(first.value);
  async function* all() {
    yield chunk;
    for (let next = await source.next(); !next.done; next = await source.next()) yield next.value;
  }
  return { head: chunk.toString('utf8', 0, Math.min(chunk.length, 65_536)), whole: Readable.from(all()) };
}

async function* csvEvents(stream: Readable, sheetName: string): AsyncGenerator<SheetEvent> {
  const { parse } = await csvLibrary();
  const { head, whole } = await peek(stream);
  const parser = whole.pipe(
    parse({
      bom: true,
      delimiter: csvDelimiter(head),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }),
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
