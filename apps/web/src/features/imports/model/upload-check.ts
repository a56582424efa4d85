import { IMPORT_LIMITS } from '@blotter/shared/schemas/imports';

const ACCEPTED_EXTENSIONS = ['.csv', '.xlsx'];
/** What the file picker offers: by extension (a CSV's type differs between systems) and by type. */
export const IMPORT_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * Why a file cannot be uploaded, or null. The server checks the content again; this only spares
 * the user the wait of sending a file that would be refused.
 */
export function uploadProblem(file: Pick<File, 'name' | 'size'>): string | null {
  const name = file.name.toLowerCase();
  if (!ACCEPTED_EXTENSIONS.some((extension) => name.endsWith(extension))) {
    return `${file.name} is not a CSV or Excel (.xlsx) file.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > IMPORT_LIMITS.maxFileBytes) {
    return `${file.name} is ${megabytes(file.size)}; a file can be at most ${megabytes(IMPORT_LIMITS.maxFileBytes)}.`;
  }
  return null;
}
