import {
  hasPrivilege,
  IMPORT_LIMITS,
  type ImportDetail,
  type ImportMapping,
  type ImportPreview,
  type ImportValue,
} from '@blotter/shared';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client';
import { detectFileType } from '../../platform/file-type';
import { enqueueJob } from '../../platform/jobs/enqueue';
import { newFileKey, type StorageAdapter } from '../../platform/storage';
import type { Principal } from '../../plugins/auth';
import { badRequest } from '../../plugins/errors';
import { writeAudit } from '../audit/audit.service';
import { readUpload, requireFile } from '../files/upload';
import { planCache, rowContext } from './import-context';
import { fieldOf } from './import-fields';
import { type ChildRow, displayRow, readChildRow, readIncidentRow } from './import-rows';
import { firstMapping, mappedRows, scanSheets, storedFileEvents } from './import-scan';
import { cellText } from './import-values';
import {
  deleteRowOutcomes,
  importOr404,
  insertImport,
  lastMapping,
  saveLastMapping,
  toDetail,
  updateImport,
} from './imports.queries';

export const IMPORT_MESSAGES = {
  tooLarge: `The file is larger than ${IMPORT_LIMITS.maxFileBytes / 1024 / 1024} MB. Split it into smaller files.`,
  notSpreadsheet: 'Choose a CSV file (.csv) or an Excel workbook (.xlsx).',
  dryRunFirst: 'Run a dry run first.',
  busy: 'The import is already running. Wait until it finishes.',
  done: 'This file was imported already. Upload it again to import it again.',
  unknownSheet: (name: string) => `The file has no sheet named '${name}'.`,
  unknownField: (header: string) => `The column '${header}' is mapped to a field that does not exist.`,
  noIncidents: 'Map one sheet to incidents: there is nothing to import without them.',
} as const;

export interface ImportDeps {
  storage: StorageAdapter;
  tenant<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

const audit = (tx: Tx, principal: Principal, transactionType: string, id: string, fileName: string, data?: unknown) =>
  writeAudit(tx, principal, {
    objectType: 'INCIDENT',
    transactionType,
    objectName: fileName,
    objectId: id,
    objectData: data,
  });

/**
 * POST /imports: the file is checked by its bytes (CSV or .xlsx), its sheets' headers and rows
 * counted as a stream, stored in the file storage, and its first mapping guessed (from the
 * company's last one where headers match).
 */
export async function uploadImport(
  deps: ImportDeps,
  principal: Principal,
  request: FastifyRequest,
  timezoneOffset: number,
): Promise<ImportDetail> {
  const upload = await readUpload(request, IMPORT_LIMITS.maxFileBytes / 1024 / 1024, IMPORT_MESSAGES.tooLarge);
  const file = requireFile(upload);
  const type = await detectFileType(file.data, file.fileName);
  const kind = type?.ext === 'xlsx' ? 'xlsx' : type?.mime === 'text/csv' ? 'csv' : null;
  if (!kind) throw badRequest(IMPORT_MESSAGES.notSpreadsheet);
  const sheets = await scanSheets(file.data, kind, file.fileName);
  const fileKey = newFileKey(principal.accountId, 'imports', kind);
  await deps.storage.put(fileKey, file.data);
  return deps.tenant(async (tx) => {
    const mapping = firstMapping(sheets, await lastMapping(tx, principal.accountId));
    const id = await insertImport(tx, {
      accountId: principal.accountId,
      createUserId: principal.userId,
      fileName: file.fileName,
      fileKey,
      fileKind: kind,
      timezoneOffset,
      sheets,
      mapping,
    });
    await audit(tx, principal, 'IMPORT_UPLOAD', id, file.fileName, {
      sheets: sheets.map((s) => ({ name: s.name, rows: s.rowCount })),
    });
    return toDetail(await importOr404(tx, id));
  });
}

/** A mapping names only the file's sheets and headers, and fields that exist. */
function checkMapping(mapping: ImportMapping, sheets: { name: string; headers: string[] }[]) {
  for (const sheet of mapping.sheets) {
    const stored = sheets.find((s) => s.name === sheet.name);
    if (!stored) throw badRequest(IMPORT_MESSAGES.unknownSheet(sheet.name));
    if (!sheet.entity) continue;
    for (const [header, key] of Object.entries(sheet.columns)) {
      if (key && (!stored.headers.includes(header) || !fieldOf(sheet.entity, key))) {
        throw badRequest(IMPORT_MESSAGES.unknownField(header));
      }
    }
  }
}

const RUNNING = new Set(['validating', 'importing']);

/** PUT /imports/{id}/mapping: saved on the import and as the company's last mapping; a dry run is undone. */
export async function saveMapping(
  tx: Tx,
  principal: Principal,
  id: string,
  mapping: ImportMapping,
): Promise<ImportDetail> {
  const record = await importOr404(tx, id);
  if (RUNNING.has(record.status)) throw badRequest(IMPORT_MESSAGES.busy);
  if (record.status === 'done') throw badRequest(IMPORT_MESSAGES.done);
  checkMapping(mapping, record.sheets as { name: string; headers: string[] }[]);
  await updateImport(tx, id, {
    mapping,
    mappingVersion: record.mappingVersion + 1,
    validatedVersion: null,
    status: 'uploaded',
    counts: null,
    error: null,
  });
  await saveLastMapping(tx, principal.accountId, mapping);
  await audit(tx, principal, 'IMPORT_MAPPING', id, record.fileName, { sheets: mapping.sheets.length });
  return toDetail(await importOr404(tx, id));
}

/**
 * GET /imports/{id}/preview: the first incident rows as they will be stored with their issues,
 * and every distinct lookup value with its match and target. The file is read twice as a stream:
 * once for the values and the first rows, once for those rows' persons, vehicles and items.
 */
export async function previewImport(deps: ImportDeps, principal: Principal, id: string): Promise<ImportPreview> {
  const { record, ctx } = await deps.tenant(async (tx) => {
    const found = await importOr404(tx, id);
    const mapping = found.mapping as ImportMapping;
    return { record: found, ctx: await rowContext(tx, principal.accountId, mapping, found.timezoneOffset) };
  });
  const mapping = ctx.mapping;
  const planOf = planCache();
  const values = new Map<string, ImportValue>();
  const first: { row: Parameters<typeof planOf>[0]; ref: string }[] = [];
  let hasChildren = false;
  for await (const row of mappedRows(storedFileEvents(deps.storage, record), mapping)) {
    const plan = planOf(row);
    for (const [key, column] of plan.columns) {
      const field = fieldOf(plan.entity, key);
      const value = cellText(row.cells[column.index]);
      if (!field?.lookupType || !value) continue;
      const entry = `${field.lookupType}|${value}`;
      const seen = values.get(entry);
      if (seen) {
        seen.rowCount++;
        continue;
      }
      const match = ctx.index.match(field.lookupType, value);
      values.set(entry, {
        lookupType: field.lookupType,
        label: field.label.replace(/^Person: /, ''),
        value,
        rowCount: 1,
        match: match ? { lookupId: match.id, path: match.path } : null,
        target: mapping.values[field.lookupType]?.[value] ?? null,
      });
    }
    if (plan.entity !== 'incidents') hasChildren = true;
    else if (first.length < IMPORT_LIMITS.previewRows)
      first.push({ row, ref: cellText(row.cells[plan.columns.get('sourceRef')?.index ?? -1]) });
  }
  const children = new Map<string, ChildRow[]>();
  if (hasChildren) {
    const refs = new Set(first.map((f) => f.ref));
    for await (const row of mappedRows(storedFileEvents(deps.storage, record), mapping)) {
      const plan = planOf(row);
      if (plan.entity === 'incidents') continue;
      const ref = cellText(row.cells[plan.columns.get('incidentRef')?.index ?? -1]);
      if (!refs.has(ref)) continue;
      children.set(ref, [...(children.get(ref) ?? []), readChildRow(plan, row.rowNumber, row.cells, ctx)]);
    }
  }
  const showPrivate = hasPrivilege(principal, 'PRIVACY_INFO_VIEW');
  return {
    rows: first.map(({ row, ref }) => {
      const plan = planOf(row);
      const read = readIncidentRow(plan, row.rowNumber, row.cells, children.get(ref) ?? [], ctx);
      return {
        sheet: read.sheet,
        rowNumber: read.rowNumber,
        sourceRef: read.sourceRef,
        fields: displayRow(plan, read, row.cells, ctx, showPrivate),
        issues: read.issues,
      };
    }),
    values: [...values.values()],
  };
}

/** POST /imports/{id}/validate: the dry run is queued (imports.jobs.ts). */
export async function startValidation(tx: Tx, principal: Principal, id: string): Promise<ImportDetail> {
  const record = await importOr404(tx, id);
  if (RUNNING.has(record.status)) throw badRequest(IMPORT_MESSAGES.busy);
  if (record.status === 'done') throw badRequest(IMPORT_MESSAGES.done);
  const mapping = record.mapping as ImportMapping;
  if (!mapping.sheets.some((s) => s.entity === 'incidents')) throw badRequest(IMPORT_MESSAGES.noIncidents);
  await updateImport(tx, id, {
    status: 'validating',
    validatedVersion: null,
    progressDone: 0,
    progressTotal: totalRows(record),
    counts: null,
    error: null,
  });
  await enqueueJob(tx, principal.accountId, 'importValidate', { importId: id, mappingVersion: record.mappingVersion });
  await audit(tx, principal, 'IMPORT_VALIDATE', id, record.fileName);
  return toDetail(await importOr404(tx, id));
}

/** POST /imports/{id}/run: only after a dry run of the current mapping. */
export async function startRun(tx: Tx, principal: Principal, id: string): Promise<ImportDetail> {
  const record = await importOr404(tx, id);
  if (RUNNING.has(record.status)) throw badRequest(IMPORT_MESSAGES.busy);
  if (record.status === 'done') throw badRequest(IMPORT_MESSAGES.done);
  // A run that failed resumes where it stopped (validatedVersion is cleared by every dry run start).
  const resumable = record.status === 'validated' || record.status === 'failed';
  if (!resumable || record.validatedVersion !== record.mappingVersion) throw badRequest(IMPORT_MESSAGES.dryRunFirst);
  // The dry run's refusals make way for the import's own outcomes.
  if (record.status === 'validated') await deleteRowOutcomes(tx, id);
  await updateImport(tx, id, { status: 'importing', progressDone: 0, progressTotal: totalRows(record), error: null });
  await enqueueJob(tx, principal.accountId, 'importRun', { importId: id, userId: principal.userId });
  await audit(tx, principal, 'IMPORT_RUN', id, record.fileName);
  return toDetail(await importOr404(tx, id));
}

const totalRows = (record: { sheets: unknown; mapping: unknown }) => {
  const mapped = new Set((record.mapping as ImportMapping).sheets.filter((s) => s.entity).map((s) => s.name));
  return (record.sheets as { name: string; rowCount: number }[])
    .filter((s) => mapped.has(s.name))
    .reduce((sum, s) => sum + s.rowCount, 0);
};
