import { downloadBlob } from '../../../lib/download';

export { CSV_BOM, csvField, csvFileName, toCsv } from '@blotter/shared/presentation';

/** Saves the text as a file through the browser's download. */
export function downloadCsv(fileName: string, text: string): void {
  downloadBlob(fileName, new Blob([text], { type: 'text/csv;charset=utf-8' }));
}

export { downloadBlob } from '../../../lib/download';
