import { randomUUID } from 'node:crypto';
import { type ImportEntity, type ImportMapping, type IncidentFields, incidentCreateBody } from '@blotter/shared';
import { fieldOf } from './import-fields';
import type { Cell } from './import-file';
import { type LookupIndex, resolveValue } from './import-lookups';
import {
  cellText,
  plainTextToHtml,
  type Read,
  readBoolean,
  readCalendarDate,
  readDateTime,
  readMoney,
  readRelations,
  readStatus,
} from './import-values';

/** Which column fills which field of a sheet: field key → the column's index and header. */
export interface SheetPlan {
  name: string;
  entity: ImportEntity;
  columns: Map<string, { index: number; header: string }>;
}

export function sheetPlan(
  name: string,
  entity: ImportEntity,
  headers: readonly string[],
  mapped: Record<string, string | null>,
): SheetPlan {
  const columns = new Map<string, { index: number; header: string }>();
  headers.forEach((header, index) => {
    const key = mapped[header];
    if (key && fieldOf(entity, key) && !columns.has(key)) columns.set(key, { index, header });
  });
  return { name, entity, columns };
}

export interface RowContext {
  dateFormat: number;
  timezoneOffset: number;
  /** The company's time zone: dates without a zone in the file are wall clocks there. */
  timeZone: string;
  index: LookupIndex;
  mapping: ImportMapping;
  /** Active users of the company by lower-case email. */
  usersByEmail: Map<string, string>;
  /** At the run: the ids of the lookup items created for values chosen as 'create'. */
  created?: Map<string, string>;
}

/** Person fields private to PRIVACY_INFO_VIEW: never echoed in a reason, masked in the preview. */
export const PRIVATE_IMPORT_KEYS = new Set([
  'dateOfBirth',
  'phone',
  'mobilePhone',
  'email',
  'address',
  'cityName',
  'stateName',
  'postalCode',
]);
export const isPrivateKey = (key: string) => PRIVATE_IMPORT_KEYS.has(key.replace(/^person\./, ''));

/** A row's cells by field key, with the issues of the values that cannot be read. */
class RowReader {
  readonly issues: string[] = [];
  constructor(
    private readonly plan: SheetPlan,
    private readonly cells: readonly Cell[],
    private readonly prefix = '',
  ) {}
  header(key: string) {
    const column = this.plan.columns.get(this.prefix + key);
    return column?.header ?? fieldOf(this.plan.entity, this.prefix + key)?.label ?? key;
  }
  has(key: string) {
    return this.plan.columns.has(this.prefix + key);
  }
  cell(key: string): Cell {
    const column = this.plan.columns.get(this.prefix + key);
    return column ? (this.cells[column.index] ?? '') : '';
  }
  text(key: string): string {
    return cellText(this.cell(key));
  }
  read<T>(key: string, read: Read<T>, fallback: T): T {
    if (read.ok) return read.value;
    const message = isPrivateKey(key) ? `${this.header(key)} is not valid.` : read.message;
    this.issues.push(`${this.header(key)}: ${message}`);
    return fallback;
  }
}

type PersonCard = IncidentFields['persons'][number];

/** A person card from a persons row or the person columns of an incident row (empty when it names nobody). */
function personFrom(reader: RowReader, ctx: RowContext, lookupIssues: string[]): Partial<PersonCard> | null {
  const keys = [
    'firstName',
    'middleName',
    'lastName',
    'personType',
    'relation',
    'dateOfBirth',
    'phone',
    'mobilePhone',
    'email',
    'address',
    'cityName',
    'stateName',
    'postalCode',
  ];
  if (keys.every((key) => !reader.text(key))) return null;
  const card: Record<string, unknown> = { id: randomUUID() };
  for (const key of [
    'firstName',
    'middleName',
    'lastName',
    'phone',
    'mobilePhone',
    'email',
    'address',
    'cityName',
    'stateName',
    'postalCode',
  ]) {
    if (reader.has(key)) card[key] = reader.text(key);
  }
  const dob = reader.text('dateOfBirth');
  if (dob)
    card.dateOfBirth = reader.read(
      'dateOfBirth',
      readCalendarDate(reader.cell('dateOfBirth'), ctx.dateFormat, 'Date of birth'),
      '',
    );
  for (const flag of reader.read('relation', readRelations(reader.text('relation')), [])) card[flag] = true;
  card.lookupPersonTypeId = lookupId(reader, ctx, 'personType', 'personType', lookupIssues);
  return card as Partial<PersonCard>;
}

/** The id a lookup column's value maps to; null for an empty value; an issue when it maps to nothing. */
function lookupId(reader: RowReader, ctx: RowContext, key: string, type: string, issues: string[]): string | null {
  const value = reader.text(key);
  if (!value) return null;
  const resolved = resolveValue(ctx.index, ctx.mapping, type, value);
  switch (resolved.kind) {
    case 'item':
      return resolved.item.id;
    case 'create':
      // The dry run checks the row as if the item existed; the run uses the created item.
      return ctx.created?.get(`${type}|${value.trim()}`) ?? randomUUID();
    case 'empty':
      return null;
    case 'gone':
      issues.push(`${reader.header(key)}: the item chosen for '${value.slice(0, 80)}' no longer exists.`);
      return null;
    default:
      issues.push(`${reader.header(key)}: '${value.slice(0, 80)}' is not in the list. Map it to an item or create it.`);
      return null;
  }
}

/** A child row (persons, vehicles, items sheet) read into its card. */
export interface ChildRow {
  sheet: string;
  rowNumber: number;
  incidentRef: string;
  entity: Exclude<ImportEntity, 'incidents'>;
  card: Record<string, unknown>;
  issues: string[];
}

export function readChildRow(plan: SheetPlan, rowNumber: number, cells: readonly Cell[], ctx: RowContext): ChildRow {
  const reader = new RowReader(plan, cells);
  const issues: string[] = [];
  const base = {
    sheet: plan.name,
    rowNumber,
    incidentRef: reader.text('incidentRef'),
    entity: plan.entity as ChildRow['entity'],
  };
  if (plan.entity === 'persons') {
    const card = personFrom(reader, ctx, issues) ?? { id: randomUUID() };
    return { ...base, card, issues: [...reader.issues, ...issues] };
  }
  if (plan.entity === 'vehicles') {
    const card = {
      id: randomUUID(),
      licensePlate: reader.text('licensePlate'),
      maker: reader.text('make'),
      model: reader.text('model'),
      color: reader.text('colour'),
      stateProvince: reader.text('state'),
    };
    return { ...base, card, issues: reader.issues };
  }
  const status = reader.text('status').toLowerCase();
  const card = {
    id: randomUUID(),
    name: reader.text('name'),
    status,
    brand: reader.text('brand'),
    model: reader.text('model'),
    serialNumber: reader.text('serialNumber'),
    value: reader.read('value', readMoney(reader.text('value'), reader.header('value')), null),
  };
  return { ...base, card, issues: reader.issues };
}

/** An incident row as it will be stored, with every reason it would be refused. */
export interface IncidentRow {
  sheet: string;
  rowNumber: number;
  sourceRef: string;
  fields: IncidentFields;
  closed: boolean;
  closedDate: string | null;
  issues: string[];
}

const PATH_COLUMN: Record<string, string> = {
  reportedDate: 'reportedDate',
  occurredDate: 'occurredDate',
  occurredDateUncertain: 'occurredDateUncertain',
  lastClassId: 'classPath',
  severityId: 'severity',
  primaryCauseId: 'primaryCause',
  summary: 'summary',
  causeComments: 'causeComments',
  assignedUserId: 'assignedUserEmail',
  location: 'locationPath',
};

/**
 * Reads an incident row and its persons, vehicles and items (from the incident row's own person
 * columns and the other sheets' rows with its reference), then checks them with the form's own
 * schema (incidentCreateBody: spec 1 §5's submit rules), each refusal named by its column.
 */
export function readIncidentRow(
  plan: SheetPlan,
  rowNumber: number,
  cells: readonly Cell[],
  children: readonly ChildRow[],
  ctx: RowContext,
): IncidentRow {
  const reader = new RowReader(plan, cells);
  const issues: string[] = [];
  const date = (key: string, label: string) => {
    const cell = reader.cell(key);
    if (!cellText(cell)) return null;
    return reader.read(key, readDateTime(cell, ctx.dateFormat, ctx.timeZone, label), null);
  };
  const sourceRef = reader.text('sourceRef');
  if (!sourceRef) issues.push(`${reader.header('sourceRef')}: the source reference is required.`);
  const assigned = reader.text('assignedUserEmail').toLowerCase();
  const assignedUserId = assigned ? (ctx.usersByEmail.get(assigned) ?? null) : null;
  if (assigned && !assignedUserId) {
    issues.push(
      `${reader.header('assignedUserEmail')}: no active user of the company has the email '${assigned.slice(0, 80)}'.`,
    );
  }
  const summary = reader.text('summary');
  const causeComments = reader.text('causeComments');
  const persons: Record<string, unknown>[] = [];
  const sources: string[] = [];
  const own = personFrom(new RowReader(plan, cells, 'person.'), ctx, issues);
  if (own) {
    persons.push(own);
    sources.push(`Row ${rowNumber} person`);
  }
  const vehicles: Record<string, unknown>[] = [];
  const items: Record<string, unknown>[] = [];
  for (const child of children) {
    for (const issue of child.issues) issues.push(`Sheet ${child.sheet} row ${child.rowNumber}: ${issue}`);
    if (child.entity === 'persons') {
      persons.push(child.card);
      sources.push(`Sheet ${child.sheet} row ${child.rowNumber}`);
    } else (child.entity === 'vehicles' ? vehicles : items).push(child.card);
  }
  const status = reader.read('status', readStatus(reader.text('status')), 'Open');
  const raw = {
    draftId: null,
    reportedDate: date('reportedDate', 'Date reported'),
    occurredDate: date('occurredDate', 'Date occurred'),
    occurredDateUncertain: reader.read(
      'occurredDateUncertain',
      readBoolean(reader.text('occurredDateUncertain'), 'Date occurred is uncertain'),
      false,
    ),
    lastClassId: lookupId(reader, ctx, 'classPath', 'incidentClass', issues),
    severityId: lookupId(reader, ctx, 'severity', 'severityType', issues),
    primaryCauseId: lookupId(reader, ctx, 'primaryCause', 'incidentCause', issues),
    location: { lastLocationId: lookupId(reader, ctx, 'locationPath', 'location', issues) },
    summary: summary ? plainTextToHtml(summary) : '',
    causeComments: causeComments ? plainTextToHtml(causeComments) : '',
    assignedUserId,
    persons,
    vehicles,
    items,
  };
  const closedDate = status === 'Closed' ? date('closedDate', 'Date closed') : null;
  const parsed = incidentCreateBody.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [section, index] = issue.path;
      const where =
        typeof index === 'number' && section === 'persons'
          ? (sources[index] ?? 'Person')
          : typeof index === 'number'
            ? `${String(section)} ${index + 1}`
            : reader.header(PATH_COLUMN[String(section)] ?? String(section));
      issues.push(`${where}: ${issue.message}`);
    }
  }
  const { draftId: _draft, ...fields } = parsed.success ? parsed.data : { draftId: null, ...emptyFields(raw) };
  return {
    sheet: plan.name,
    rowNumber,
    sourceRef,
    fields: fields as IncidentFields,
    closed: status === 'Closed',
    closedDate,
    issues: [...reader.issues, ...issues.filter((issue, i) => issues.indexOf(issue) === i)],
  };
}

/** A refused row's fields are only shown in the preview: the parts that did parse. */
function emptyFields(raw: Record<string, unknown>): Partial<IncidentFields> {
  return raw as Partial<IncidentFields>;
}
