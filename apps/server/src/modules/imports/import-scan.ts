import { Readable } from 'node:stream';
import type { ImportEntity, ImportMapping, ImportSheetMapping } from '@blotter/shared';
import { IMPORT_LIMITS } from '@blotter/shared';
import type { StorageAdapter } from '../../platform/storage';
import { AppError, badRequest } from '../../plugins/errors';
import { guessColumns, guessEntity } from './import-fields';
import { type Cell, csvSheetName, type SheetEvent, sheetEvents } from './import-file';
import type { SheetInfo } from './imports.queries';

export interface StoredFile {
  fileKey: string;
  fileKind: 'csv' | 'xlsx';
  fileName: string;
}

/** The events of the stored file, read as a stream from the file storage. */
export async function* storedFileEvents(storage: StorageAdapter, file: StoredFile): AsyncGenerator<SheetEvent> {
  const found = await storage.read(file.fileKey);
  if (!found) throw new Error('The uploaded file is no longer in the file storage.');
  yield* sheetEvents(found.stream, file.fileKind, csvSheetName(file.fileName));
}

/** Each sheet's headers and row count, read from the upload as a stream; 400 for a file that cannot be read. */
export async function scanSheets(data: Buffer, kind: 'csv' | 'xlsx', fileName: string): Promise<SheetInfo[]> {
  const sheets: SheetInfo[] = [];
  let total = 0;
  try {
    for await (const event of sheetEvents(Readable.from(data), kind, csvSheetName(fileName))) {
      if (event.type === 'sheet') {
        sheets.push({ name: event.name, headers: event.headers, rowCount: 0 });
        continue;
      }
      const sheet = sheets.at(-1);
      if (sheet) sheet.rowCount++;
      if (++total > IMPORT_LIMITS.maxRows) {
        throw badRequest(
          `The file has more than ${IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows. Split it into smaller files.`,
        );
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(
      kind === 'csv'
        ? `The file could not be read as CSV: ${error instanceof Error ? error.message.slice(0, 200) : 'unknown error'}.`
        : 'The file could not be read as an Excel workbook (.xlsx). Save it again from Excel, or as CSV.',
    );
  }
  if (!sheets.some((s) => s.headers.length > 0))
    throw badRequest('The file has no header row: its first row must name the columns.');
  return sheets;
}

const overlap = (a: readonly string[], b: readonly string[]) => a.filter((h) => b.includes(h)).length;

/**
 * The first mapping of an upload: each sheet starts from the sheet of the company's last mapping
 * that shares the most headers (its entity and the columns of the headers both have), and every
 * other column is guessed from its header.
 */
export function firstMapping(sheets: readonly SheetInfo[], last: ImportMapping | null): ImportMapping {
  const mapped: ImportSheetMapping[] = sheets.map((sheet) => {
    const previous = (last?.sheets ?? [])
      .map((s) => ({ s, score: overlap(Object.keys(s.columns), sheet.headers) }))
      .filter((c) => c.score > 0)
      .sort((a, b) => b.score - a.score)[0]?.s;
    const entity: ImportEntity | null = previous?.entity ?? guessEntity(sheet.headers);
    const guessed = entity ? guessColumns(entity, sheet.headers) : {};
    const columns: Record<string, string | null> = {};
    for (const header of sheet.headers) {
      const remembered = previous && previous.entity === entity ? previous.columns[header] : undefined;
      columns[header] = remembered !== undefined ? remembered : (guessed[header] ?? null);
    }
    return { name: sheet.name, entity, columns };
  });
  return { sheets: mapped, values: last?.values ?? {} };
}

/** A row event with its sheet's mapping. */
export interface MappedRow {
  sheet: ImportSheetMapping;
  headers: string[];
  rowNumber: number;
  cells: Cell[];
}

/** The rows of the mapped sheets (sheets mapped to nothing are skipped), in file order. */
export async function* mappedRows(
  events: AsyncIterable<SheetEvent>,
  mapping: ImportMapping,
): AsyncGenerator<MappedRow> {
  let current: { sheet: ImportSheetMapping; headers: string[] } | undefined;
  for await (const event of events) {
    if (event.type === 'sheet') {
      const sheet = mapping.sheets.find((s) => s.name === event.name);
      current = sheet?.entity ? { sheet, headers: event.headers } : undefined;
      continue;
    }
    if (current) yield { ...current, rowNumber: event.rowNumber, cells: event.cells };
  }
}
