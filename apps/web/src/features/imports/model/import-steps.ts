import type { ImportCounts, ImportStatus } from '@blotter/shared/schemas/imports';

/** The wizard's steps (issue 32 §1), in order. */
export const IMPORT_STEPS = ['Upload', 'Map columns', 'Map values', 'Preview', 'Dry run', 'Import'] as const;
export type ImportStep = 0 | 1 | 2 | 3 | 4 | 5;

/** Where an import opens: at its mapping until a dry run started, then at the dry run or the import. */
export function stepOfStatus(status: ImportStatus): ImportStep {
  switch (status) {
    case 'uploaded':
      return 1;
    case 'validating':
    case 'validated':
      return 4;
    case 'importing':
    case 'done':
      return 5;
    case 'failed':
      return 4;
  }
}

export const STATUS_LABELS: Record<ImportStatus, string> = {
  uploaded: 'Uploaded',
  validating: 'Dry run running',
  validated: 'Dry run done',
  importing: 'Importing',
  done: 'Imported',
  failed: 'Failed',
};

/** Numbers as people read them: 12,000. */
export const count = (value: number) => value.toLocaleString('en-US');

/** '1 row', '12,000 rows'. */
export const plural = (value: number, one: string, many = `${one}s`) => `${count(value)} ${value === 1 ? one : many}`;

/** The counts of a list row: what the last dry run or import found. */
export function countsText(status: ImportStatus, counts: ImportCounts | null): string {
  if (!counts) return '';
  if (status === 'done') {
    return `${count(counts.created)} created, ${count(counts.skipped)} skipped, ${count(counts.refused)} refused`;
  }
  return `${count(counts.valid)} valid, ${count(counts.refused)} refused of ${plural(counts.rows, 'row')}`;
}
