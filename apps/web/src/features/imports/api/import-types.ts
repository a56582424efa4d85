import type { importRowsPageSchema, importsPageSchema } from '@blotter/shared/schemas/imports';
import type { z } from 'zod';

/** A page of the company's imports (GET /imports). */
export type ImportsPage = z.infer<typeof importsPageSchema>;
/** A page of an import's rows (GET /imports/{id}/rows). */
export type ImportRowsPage = z.infer<typeof importRowsPageSchema>;
export type ImportSummary = ImportsPage['items'][number];

/** Rows per page of the wizard's server-paged tables (the API's default). */
export const IMPORT_PAGE_SIZE = 10;

/** The address of an import's call. */
export const importPath = (id: string, part = '') => `/imports/${encodeURIComponent(id)}${part}`;
