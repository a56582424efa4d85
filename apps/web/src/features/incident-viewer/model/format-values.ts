import { type AddressParts, formatAddress, formatDateTime, HIDDEN } from '@blotter/shared/presentation';
import type { Country } from '@blotter/shared/schemas/geo';

/**
 * What only the viewer shows: masks of private fields and history action names. Dates, money,
 * addresses, names and labels come from @blotter/shared/presentation, as in the print.
 */

/** What a masked private field shows until the person presses 'Show private details'. */
export const MASK = '••••••';

/** One line of an address with the country's name from the initial data's countries (shared formatAddress). */
export function addressText(parts: AddressParts, countries: readonly Country[] = []): string {
  return formatAddress(parts, (code) => countries.find((c) => c.code === code)?.name);
}

/** How a private person field reads: withheld by the server, masked until unlocked, or its value. */
export function privateFieldText(value: string, state: { hidden: boolean; unlocked: boolean }): string {
  if (state.hidden) return HIDDEN;
  if (!state.unlocked) return MASK;
  return value;
}

const ACTION_TYPES: Record<string, string> = {
  CREATE: 'Created',
  IMPORT: 'Imported',
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

/**
 * A history row's Type cell: its type ('Imported from old.csv' for an imported incident), and for an incident recorded offline on a phone (issue 30)
 * when the phone saved it and when the server received it (the row's date), in the company format.
 */
export function historyEntryText(
  entry: { actionType: string; updateDate: string; recordedOfflineAt?: string | null; importedFrom?: string | null },
  dateFormat: number,
): string {
  const type = historyActionText(entry.actionType);
  if (entry.importedFrom) return `${type} from ${entry.importedFrom}`;
  if (!entry.recordedOfflineAt) return type;
  const recorded = formatDateTime(entry.recordedOfflineAt, dateFormat);
  const received = formatDateTime(entry.updateDate, dateFormat);
  return `${type} offline (recorded ${recorded}, received ${received})`;
}
