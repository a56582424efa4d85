import { INCIDENT_STATUS, MEASUREMENT_TYPE } from '../constants';
import type { AttachmentType, ItemStatus } from '../schemas/incident-parts';
import { type LookupNode, lookupPath } from '../schemas/lookups';
import { UNKNOWN } from './names';

/** Labels and lookup names as people read them, the same on the form, the viewer and the print. */

/** What a private person field reads for a user without PRIVACY_INFO_VIEW. */
export const HIDDEN = 'Hidden';

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** A switch of a card and its label. */
export type Flag<T> = readonly [key: keyof T, label: string];

/** The person status switches (spec 1 §3 Person). */
export const PERSON_STATUS_FLAGS = [
  ['statusInjury', 'Injury'],
  ['statusFirstAid', 'First aid'],
  ['statusHospitalized', 'Hospitalized'],
  ['statusRefusedHelp', 'Refused help'],
] as const;

/** A person's relations to the incident (spec 1 §3 Person). */
export const PERSON_RELATION_FLAGS = [
  ['relationReporter', 'Reporter'],
  ['relationVictim', 'Victim'],
  ['relationPersonOfInterest', 'Person of interest'],
  ['relationSuspect', 'Suspect'],
  ['relationWitness', 'Witness'],
  ['relationSubject', 'Subject'],
] as const;

/** A legal entity's relations to the incident (spec 1 §3 Legal entity). */
export const COMPANY_RELATION_FLAGS = [
  ['relationReporter', 'Reporter'],
  ['relationVictim', 'Victim'],
  ['relationSubject', 'Subject'],
] as const;

/** The labels of the switches that are on, e.g. 'Reporter, Witness'; '' when none is. */
export function flagsText<T extends object>(value: T, flags: readonly Flag<T>[]): string {
  return flags
    .filter(([key]) => value[key] === true)
    .map(([, label]) => label)
    .join(', ');
}

export interface MeasurementLabels {
  height: string;
  heightPlaceholder: string;
  weight: string;
  weightPlaceholder: string;
}

/** Height and weight labels in the company's units: feet/lb for US accounts, cm/kg otherwise (spec 1 §2, §5). */
export function measurementLabels(measurementType: number | null | undefined): MeasurementLabels {
  if (measurementType === MEASUREMENT_TYPE.US) {
    return {
      height: 'Height (feet)',
      heightPlaceholder: 'e.g. 5 feet 7 inches',
      weight: 'Weight (lb)',
      weightPlaceholder: 'e.g. 160',
    };
  }
  return { height: 'Height (cm)', heightPlaceholder: 'e.g. 170', weight: 'Weight (kg)', weightPlaceholder: 'e.g. 70' };
}

const ITEM_STATUS_LABELS: Record<ItemStatus, string> = {
  lost: 'Lost',
  damaged: 'Damaged',
  stolen: 'Stolen',
  found: 'Found',
};

/** An item's status: 'Lost', 'Damaged', 'Stolen' or 'Found'; '' for none. */
export function itemStatusLabel(status: string | null | undefined): string {
  if (!status) return '';
  return ITEM_STATUS_LABELS[status as ItemStatus] ?? status;
}

const INCIDENT_STATUS_LABELS: Record<number, string> = {
  [INCIDENT_STATUS.DRAFT]: 'Draft',
  [INCIDENT_STATUS.OPEN]: 'Open',
  [INCIDENT_STATUS.CLOSED]: 'Closed',
  [INCIDENT_STATUS.EDITING]: 'Editing',
};

/** 'Open', 'Closed' (and 'Draft', 'Editing' for working copies); 'Unknown' for another code. */
export function incidentStatusLabel(status: number): string {
  return INCIDENT_STATUS_LABELS[status] ?? UNKNOWN;
}

const ATTACHMENT_TYPE_LABELS: Record<AttachmentType, string> = {
  IMAGE: 'Image',
  AUDIO: 'Audio',
  MOVIE: 'Video',
  PDF: 'PDF',
  DOC: 'Document',
  XLS: 'Spreadsheet',
  TXT: 'Text',
  ETC: 'Other',
};

/** The kind of an attached file: 'Image', 'Video', 'Spreadsheet'…; 'Other' for a type it does not know. */
export function attachmentTypeLabel(type: string): string {
  return ATTACHMENT_TYPE_LABELS[type as AttachmentType] ?? 'Other';
}

/** The name of a single-level lookup entry; '' for no id, 'Unknown' for an entry that is gone or nameless. */
export function lookupName(
  list: readonly { id: string; name: string }[] | undefined,
  id: string | null | undefined,
): string {
  if (!id) return '';
  return list?.find((entry) => entry.id === id)?.name.trim() || UNKNOWN;
}

/** The path of a tree lookup node, e.g. 'Security / Theft / Shoplifting'; '' for no id, 'Unknown' when gone. */
export function lookupPathText(tree: readonly LookupNode[] | undefined, id: string | null | undefined): string {
  if (!id) return '';
  const path = lookupPath(tree ?? [], id);
  return path.length > 0 ? path.join(' / ') : UNKNOWN;
}

/** The company's lookups by type: the trees of the multiple-level types and the single-level lists. */
export interface LookupSets {
  multiple: Readonly<Record<string, readonly LookupNode[]>>;
  single: Readonly<Record<string, readonly { id: string; name: string }[]>>;
}

/** The root cause: a node of the cause tree, or an entry a company still holds in the single-level list. */
export function rootCauseText(lookups: LookupSets, id: string | null | undefined): string {
  const path = lookupPathText(lookups.multiple.incidentCause, id);
  return path === UNKNOWN ? lookupName(lookups.single.primaryCause, id) : path;
}

/** Summary text cut at 200 characters plus an ellipsis. */
export function truncateSummary(text: string | null | undefined, max = 200): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
