import { LIMITS } from '../constants';
import type { IncidentRow } from '../schemas/incidents';
import type { LookupNode, SingleLookup } from '../schemas/lookups';
import { RESULT_COLUMN_IDS, type ResultColumnId } from '../schemas/result-column-ids';
import { formatDateTime, formatOccurred } from './dates';
import { incidentStatusLabel, lookupName, lookupPathText, truncateSummary } from './labels';
import { assigneeName } from './names';

export { RESULT_COLUMN_IDS, type ResultColumnId };

/** What the result columns need to turn ids into the names a person reads. */
export interface ResultDisplayContext {
  /** Company date format (0 DD/MM/YYYY, 1 MM/DD/YYYY). */
  dateFormat: number;
  /** The reader's offset (minutes, as Date#getTimezoneOffset); the running zone when absent (the browser). */
  timezoneOffset?: number;
  incidentClasses: readonly LookupNode[];
  locations: readonly LookupNode[];
  severities: readonly SingleLookup[];
  correctiveActionTypes: readonly SingleLookup[];
}

/**
 * What the result columns read of an incident's list row: the table passes its IncidentRow, the
 * server's CSV export reads only these fields (no creation or update date, no ids it does not show).
 */
export type ResultRow = Pick<
  IncidentRow,
  | 'number'
  | 'reportedDate'
  | 'occurredDate'
  | 'occurredDateUncertain'
  | 'lastClassId'
  | 'severityId'
  | 'createUserName'
  | 'assignedUserId'
  | 'assignedUserName'
  | 'status'
  | 'locked'
  | 'lastLocationId'
  | 'summaryText'
  | 'personNames'
  | 'companyNames'
  | 'vehicleNames'
  | 'itemNames'
  | 'correctiveActionTypeIds'
>;

export interface ResultColumn {
  id: ResultColumnId;
  header: string;
  /** Checked in 'Select columns' until the user chooses otherwise. */
  defaultVisible: boolean;
  /** The text shown in the cell; the CSV export writes the same text unless exportText is given. */
  text: (row: ResultRow, context: ResultDisplayContext) => string;
  /** The text the CSV export writes where the cell shows less (the full summary, not the cut one). */
  exportText?: (row: ResultRow, context: ResultDisplayContext) => string;
  /**
   * For a text that reads nothing of the row but this key (a lookup's id) and the context: rows of
   * the same key read the same, so a long export works each text out once (a class or location path
   * walks its tree). Absent: every row's text is worked out.
   */
  sameTextFor?: (row: ResultRow) => string | null;
}

/** The status as one text, for the export: 'Closed (Locked)' where the table shows a Locked chip. */
export function statusText(row: Pick<IncidentRow, 'status' | 'locked'>): string {
  const label = incidentStatusLabel(row.status);
  return row.locked ? `${label} (Locked)` : label;
}

// The server fills the name lists; an older answer without them shows an empty cell, not an error.
const joined = (names: readonly string[] | undefined) => (names ?? []).filter(Boolean).join(', ');

function correctiveActionNames(row: ResultRow, context: ResultDisplayContext): string {
  const names = (row.correctiveActionTypeIds ?? [])
    .map((id) => context.correctiveActionTypes.find((type) => type.id === id)?.name)
    .filter((name): name is string => Boolean(name));
  // Two actions of one type read as one name.
  return [...new Set(names)].join(', ');
}

export const RESULT_COLUMNS: readonly ResultColumn[] = [
  { id: 'number', header: 'Number', defaultVisible: true, text: (row) => String(row.number) },
  {
    id: 'reportedDate',
    header: 'Date reported',
    defaultVisible: true,
    text: (row, { dateFormat, timezoneOffset }) => formatDateTime(row.reportedDate, dateFormat, timezoneOffset),
  },
  {
    id: 'occurredDate',
    header: 'Date occurred',
    defaultVisible: true,
    // An uncertain occurred date has no time (spec 1 §4 Occurred date).
    text: (row, { dateFormat, timezoneOffset }) =>
      formatOccurred(row.occurredDate, row.occurredDateUncertain, dateFormat, timezoneOffset),
  },
  {
    id: 'what',
    header: 'What',
    defaultVisible: true,
    text: (row, context) => lookupPathText(context.incidentClasses, row.lastClassId),
    sameTextFor: (row) => row.lastClassId,
  },
  {
    id: 'severity',
    header: 'Severity',
    defaultVisible: true,
    text: (row, context) => lookupName(context.severities, row.severityId),
    sameTextFor: (row) => row.severityId,
  },
  { id: 'enteredBy', header: 'Entered by', defaultVisible: true, text: (row) => row.createUserName },
  {
    id: 'assignedTo',
    header: 'Assigned to',
    defaultVisible: true,
    text: (row) => assigneeName(row.assignedUserId, row.assignedUserName),
  },
  { id: 'status', header: 'Status', defaultVisible: true, text: statusText },
  {
    id: 'location',
    header: 'Location',
    defaultVisible: false,
    text: (row, context) => lookupPathText(context.locations, row.lastLocationId),
    sameTextFor: (row) => row.lastLocationId,
  },
  {
    id: 'summary',
    header: 'Summary',
    defaultVisible: false,
    text: (row) => truncateSummary(row.summaryText, LIMITS.summaryTruncate),
    exportText: (row) => row.summaryText,
  },
  { id: 'persons', header: 'Persons', defaultVisible: false, text: (row) => joined(row.personNames) },
  { id: 'legalEntities', header: 'Legal entities', defaultVisible: false, text: (row) => joined(row.companyNames) },
  { id: 'vehicles', header: 'Vehicles', defaultVisible: false, text: (row) => joined(row.vehicleNames) },
  { id: 'items', header: 'Items', defaultVisible: false, text: (row) => joined(row.itemNames) },
  {
    id: 'correctiveActions',
    header: 'Corrective actions',
    defaultVisible: false,
    text: correctiveActionNames,
    sameTextFor: (row) => (row.correctiveActionTypeIds ?? []).join(' '),
  },
];

const BY_ID = new Map(RESULT_COLUMNS.map((column) => [column.id, column]));

export function resultColumn(id: ResultColumnId): ResultColumn {
  const column = BY_ID.get(id);
  if (!column) throw new Error(`Unknown result column ${id}`);
  return column;
}

export function isResultColumnId(value: unknown): value is ResultColumnId {
  return typeof value === 'string' && BY_ID.has(value as ResultColumnId);
}
