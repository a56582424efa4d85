import { DATE_FORMAT, MEASUREMENT_TYPE } from '@blotter/shared/constants';
import { type AddressParts, displayName, formatAddress, formatDate, formatDateTime } from '@blotter/shared/format';
import type { Country } from '@blotter/shared/schemas/geo';
import { type LookupNode, lookupPath, type SingleLookup } from '@blotter/shared/schemas/lookups';

/** The read-only panels' value formatting (spec 1 §2 Incident viewer, §8 'Unknown', §9 dates). */

export const UNKNOWN = 'Unknown';
export { NOT_ASSIGNED } from '@blotter/shared/format';
/** What a masked private field shows until the person presses 'Show private details'. */
export const MASK = '••••••';
/** What a private field shows when the server withheld it (no PRIVACY_INFO_VIEW). */
export const HIDDEN = 'Hidden';

/**
 * A date without time (yyyy-mm-dd, e.g. a date of birth) in the company format. Parsed by its
 * parts: `new Date('1990-05-01')` is midnight UTC, which is the day before west of Greenwich.
 */
export function formatDateOnly(value: string | null | undefined, dateFormat: number): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  if (!match) return '';
  const [, year, month, day] = match;
  return dateFormat === DATE_FORMAT.MDY ? `${month}/${day}/${year}` : `${day}/${month}/${year}`;
}

/** Date occurred: only the date when the person was not sure of the time (spec 1 §4 Occurred date). */
export function formatOccurred(value: string | null, uncertain: boolean, dateFormat: number): string {
  return uncertain ? formatDate(value, dateFormat) : formatDateTime(value, dateFormat);
}

/** Item values are kept in cents and shown in US dollars: 123450 → '$1,234.50'. */
export function formatMoney(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  const dollars = Math.trunc(cents / 100);
  const rest = String(Math.abs(cents % 100)).padStart(2, '0');
  return `$${dollars.toLocaleString('en-US')}.${rest}`;
}

/** The name of a single-level lookup entry; 'Unknown' when the entry no longer exists. */
export function lookupName(list: readonly SingleLookup[] | undefined, id: string | null | undefined): string {
  if (!id) return '';
  return list?.find((entry) => entry.id === id)?.name ?? UNKNOWN;
}

/** The path of a tree lookup node, e.g. 'Security / Theft / Shoplifting'; 'Unknown' when it is gone. */
export function treePathText(tree: readonly LookupNode[] | undefined, id: string | null | undefined): string {
  if (!id) return '';
  const path = lookupPath(tree ?? [], id);
  return path.length > 0 ? path.join(' / ') : UNKNOWN;
}

/** The labels of the flags that are on, e.g. 'Reporter, Witness'. */
export function flagsText<T extends object>(value: T, flags: readonly (readonly [keyof T, string])[]): string {
  return flags
    .filter(([key]) => value[key] === true)
    .map(([, label]) => label)
    .join(', ');
}

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** One line of an address with the country's name from the countries list (shared formatAddress). */
export function addressText(parts: AddressParts, countries: readonly Country[] = []): string {
  return formatAddress(parts, (code) => countries.find((c) => c.code === code)?.name);
}

/** The owner of a vehicle or item: nothing without an owner, 'Unknown' when the owner has no name. */
export function ownerText(ownerPersonId: string | null, ownerName: string | null | undefined): string {
  if (!ownerPersonId) return '';
  return displayName(ownerName);
}

export interface MeasurementUnits {
  height: string;
  weight: string;
}

/** Height and weight labels in the company's units: cm/kg (metric) or feet/lb (US). */
export function measurementUnits(measurementType: number | null | undefined): MeasurementUnits {
  return measurementType === MEASUREMENT_TYPE.US
    ? { height: 'Height (feet)', weight: 'Weight (lb)' }
    : { height: 'Height (cm)', weight: 'Weight (kg)' };
}

/** How a private person field reads: withheld by the server, masked until unlocked, or its value. */
export function privateFieldText(value: string, state: { hidden: boolean; unlocked: boolean }): string {
  if (state.hidden) return HIDDEN;
  if (!state.unlocked) return MASK;
  return value;
}

const ACTION_TYPES: Record<string, string> = {
  CREATE: 'Created',
  EDIT: 'Edited',
  CLOSE: 'Closed',
  REOPEN: 'Reopened',
  LOCK: 'Locked',
  UNLOCK: 'Unlocked',
  ADD_ATTACHMENT: 'Attachment added',
  EDIT_ATTACHMENT: 'Attachment edited',
  DELETE_ATTACHMENT: 'Attachment deleted',
};

/** A history row's type as a person reads it: EDIT → 'Edited'; an unknown code is shown as sent. */
export function historyActionText(actionType: string): string {
  return ACTION_TYPES[actionType] ?? actionType;
}
