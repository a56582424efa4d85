import { z } from 'zod';
import { id, pageOf } from './common';

/**
 * Bulk import of a company's incident history (issue 32 §1): the contract between the server
 * (modules/imports) and the web wizard (features/imports). A file (CSV, or .xlsx with one or more
 * sheets) is uploaded, its sheets' columns mapped to Blotter's fields, the lookup values mapped to
 * lookup items (or created), then a dry run validates every row and the import stores them.
 */

/** What a sheet's rows are: incidents, or persons, vehicles and items keyed by an incident reference. */
export const IMPORT_ENTITIES = ['incidents', 'persons', 'vehicles', 'items'] as const;
export type ImportEntity = (typeof IMPORT_ENTITIES)[number];

/**
 * uploaded → (mapping saved) → validating → validated → importing → done; failed when the job
 * could not finish (the reason in `error`). Changing the mapping after a dry run goes back to
 * 'uploaded': the import runs only on the mapping its dry run checked.
 */
export const IMPORT_STATUSES = ['uploaded', 'validating', 'validated', 'importing', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** How a column's text is read. */
export const IMPORT_FIELD_KINDS = [
  'text',
  'richText',
  'date',
  'dateTime',
  'boolean',
  'lookup',
  'status',
  'user',
  'money',
] as const;
export type ImportFieldKind = (typeof IMPORT_FIELD_KINDS)[number];

/** One field a column can be mapped to (GET /api/imports/fields). */
export const importFieldSchema = z.object({
  entity: z.enum(IMPORT_ENTITIES),
  /** e.g. 'sourceRef', 'occurredDate', 'classPath', 'firstName'. Unique within its entity. */
  key: z.string(),
  /** As the form labels it: 'Date occurred', 'What (class)', 'First name'. */
  label: z.string(),
  kind: z.enum(IMPORT_FIELD_KINDS),
  /** A row without it is refused. */
  required: z.boolean(),
  /** For kind 'lookup': the lookup type its values are matched against ('incidentClass', 'location', 'severityType', 'personType' …). */
  lookupType: z.string().nullable(),
  /** Header words that guess this field ('occurred', 'date occurred', 'incident date' …), lower case. */
  aliases: z.array(z.string()),
});
export type ImportField = z.infer<typeof importFieldSchema>;

/** A sheet's mapping: what its rows are, and for each header the field key it fills (null: ignored). */
export const importSheetMappingSchema = z.object({
  name: z.string().max(200),
  entity: z.enum(IMPORT_ENTITIES).nullable(),
  columns: z.record(z.string().max(200), z.string().max(100).nullable()),
});
export type ImportSheetMapping = z.infer<typeof importSheetMappingSchema>;

/**
 * What a source value of a lookup field becomes: an existing item, a new item created by the
 * import (a path 'Security > Theft' creates the missing levels), or nothing (rows with it are refused
 * when the field is required, else the field stays empty).
 */
export const importValueTargetSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('existing'), lookupId: id() }),
  z.object({ action: z.literal('create') }),
  z.object({ action: z.literal('ignore') }),
]);
export type ImportValueTarget = z.infer<typeof importValueTargetSchema>;

/** PUT /api/imports/{id}/mapping. Also kept as the company's mapping for its next import (by header). */
export const importMappingSchema = z.object({
  sheets: z.array(importSheetMappingSchema).max(20),
  /** By lookup type, then by source value as written in the file (trimmed). */
  values: z.record(z.string().max(50), z.record(z.string().max(500), importValueTargetSchema)).default({}),
});
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const importSheetSchema = z.object({
  name: z.string(),
  headers: z.array(z.string()),
  rowCount: z.number().int(),
});

export const importCountsSchema = z.object({
  /** Rows read from the file's mapped sheets. */
  rows: z.number().int(),
  /** Rows that pass validation (dry run), or that were stored (import). */
  valid: z.number().int(),
  refused: z.number().int(),
  /** Incidents created by the import. */
  created: z.number().int(),
  /** Rows whose source reference was imported before: nothing is created twice. */
  skipped: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

/** GET /api/imports/{id}, and the answer of every write on an import. */
export const importDetailSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  createdAt: z.string(),
  createdByName: z.string(),
  sheets: z.array(importSheetSchema),
  mapping: importMappingSchema,
  /** While validating or importing: rows done of the total. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  /** After a dry run (status validated) or an import (done). */
  counts: importCountsSchema.nullable(),
  error: z.string().nullable(),
});
export type ImportDetail = z.infer<typeof importDetailSchema>;

/** A lookup field's source value and what it maps to now (the preview lists every distinct one). */
export const importValueSchema = z.object({
  lookupType: z.string(),
  /** The field's label, for the heading of its values. */
  label: z.string(),
  value: z.string(),
  /** Rows carrying it. */
  rowCount: z.number().int(),
  /** The existing item it matches by name or path (case-insensitive), or null. */
  match: z.object({ lookupId: z.string(), path: z.string() }).nullable(),
  target: importValueTargetSchema.nullable(),
});
export type ImportValue = z.infer<typeof importValueSchema>;

/** GET /api/imports/{id}/preview: the first 20 incident rows as they will be stored, and the values to map. */
export const importPreviewSchema = z.object({
  rows: z.array(
    z.object({
      sheet: z.string(),
      rowNumber: z.number().int(),
      sourceRef: z.string(),
      /** Field label → the value as Blotter will store and show it ('Security > Theft', '03/12/2025 10:30 PM'). */
      fields: z.record(z.string(), z.string()),
      /** The reasons this row would be refused; empty when it is fine. */
      issues: z.array(z.string()),
    }),
  ),
  values: z.array(importValueSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const IMPORT_ROW_OUTCOMES = ['refused', 'created', 'skipped'] as const;
export type ImportRowOutcome = (typeof IMPORT_ROW_OUTCOMES)[number];

/** GET /api/imports/{id}/rows?outcome=&p=&psz=: the rows of the last dry run or import, paged. */
export const importRowsQuery = z.object({
  outcome: z.enum(IMPORT_ROW_OUTCOMES, 'outcome must be refused, created or skipped').optional(),
});
export const importRowSchema = z.object({
  sheet: z.string(),
  rowNumber: z.number().int(),
  sourceRef: z.string(),
  outcome: z.enum(IMPORT_ROW_OUTCOMES),
  reason: z.string(),
  incidentId: z.string().nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;
export const importRowsPageSchema = pageOf(importRowSchema);

/** GET /api/imports?p=&psz=: the company's imports, newest first. */
export const importSummarySchema = importDetailSchema.pick({
  id: true,
  fileName: true,
  status: true,
  createdAt: true,
  createdByName: true,
  counts: true,
});
export const importsPageSchema = pageOf(importSummarySchema);

/** Limits of an upload (spec-silent; generous for a company's history). */
export const IMPORT_LIMITS = {
  /** Bytes of one uploaded file. */
  maxFileBytes: 100 * 1024 * 1024,
  /** Rows of one import, all sheets together. */
  maxRows: 200_000,
  previewRows: 20,
} as const;
