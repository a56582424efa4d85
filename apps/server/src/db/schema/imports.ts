import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { accountId, tenantPolicy } from './tenancy';
import { users } from './users';

/**
 * A bulk import of a company's incident history (issue 32 §1): the uploaded file (kept in the file
 * storage under `fileKey`), its sheets' headers and row counts, the mapping being edited, and the
 * outcome of the last dry run or import. `mappingVersion` goes up with every saved mapping; a dry run
 * records the version it checked (`validatedVersion`), and the import runs only on that one.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, { onDelete: 'cascade' }),
    createUserId: uuid('create_user_id')
      .notNull()
      .references(() => users.id),
    fileName: text('file_name').notNull(),
    fileKey: text('file_key').notNull(),
    /** 'csv' or 'xlsx': how the stored file is read. */
    fileKind: text('file_kind').$type<'csv' | 'xlsx'>().notNull(),
    /** The uploader's clock (minutes, as Date#getTimezoneOffset): how dates without a zone are read. */
    timezoneOffset: integer('timezone_offset').notNull().default(0),
    status: text('status').notNull().default('uploaded'),
    sheets: jsonb('sheets').notNull(),
    mapping: jsonb('mapping').notNull(),
    mappingVersion: integer('mapping_version').notNull().default(1),
    validatedVersion: integer('validated_version'),
    progressDone: integer('progress_done'),
    progressTotal: integer('progress_total'),
    counts: jsonb('counts'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('imports_account_created').on(t.accountId, t.createdAt), tenantPolicy()],
);

/** The outcome of each row of an import's last dry run or run (refused, created, skipped). */
export const importRows = pgTable(
  'import_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, { onDelete: 'cascade' }),
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    sheet: text('sheet').notNull(),
    rowNumber: integer('row_number').notNull(),
    sourceRef: text('source_ref').notNull(),
    outcome: text('outcome').notNull(),
    reason: text('reason').notNull().default(''),
    incidentId: uuid('incident_id'),
  },
  (t) => [
    index('import_rows_import_outcome').on(t.importId, t.outcome, t.sheet, t.rowNumber),
    // One outcome per row of the file; a running import finds the rows of its batch already decided by it.
    uniqueIndex('import_rows_import_row').on(t.importId, t.sheet, t.rowNumber),
    // An imported incident's history names its file: found by the incident, not by a scan of every import's rows.
    index('import_rows_incident').on(t.incidentId).where(sql`incident_id is not null`),
    tenantPolicy(),
  ],
);

/** The company's last saved mapping, the start of its next import's mapping (matched by header). */
export const importMappings = pgTable(
  'import_mappings',
  {
    accountId: accountId()
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    mapping: jsonb('mapping').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantPolicy()],
);
