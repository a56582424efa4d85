import { DATE_FORMAT } from './constants';

const pad = (n: number) => String(n).padStart(2, '0');

function parts(value: Date | string) {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return undefined;
  const day = pad(date.getDate());
  const month = pad(date.getMonth() + 1);
  const year = String(date.getFullYear());
  const hours24 = date.getHours();
  const hours = pad(hours24 % 12 === 0 ? 12 : hours24 % 12);
  const minutes = pad(date.getMinutes());
  const ampm = hours24 < 12 ? 'AM' : 'PM';
  return { day, month, year, hours, minutes, ampm };
}

/** A date in the company format: MM/dd/yyyy for US (1), dd/MM/yyyy otherwise. */
export function formatDate(value: Date | string | null | undefined, dateFormat: number): string {
  if (value == null) return '';
  const p = parts(value);
  if (!p) return '';
  return dateFormat === DATE_FORMAT.MDY ? `${p.month}/${p.day}/${p.year}` : `${p.day}/${p.month}/${p.year}`;
}

/** A date and time in the company format: MM/dd/yyyy hh:mm a or dd/MM/yyyy hh:mm a. */
export function formatDateTime(value: Date | string | null | undefined, dateFormat: number): string {
  if (value == null) return '';
  const p = parts(value);
  if (!p) return '';
  return `${formatDate(value, dateFormat)} ${p.hours}:${p.minutes} ${p.ampm}`;
}

/** Display text for a name that may be missing (spec 1 §8: unknown names show as 'Unknown'). */
export function displayName(...parts: (string | null | undefined)[]): string {
  const name = parts
    .filter((p) => p?.trim())
    .join(' ')
    .trim();
  return name || 'Unknown';
}

/** Summary text cut at 200 characters plus an ellipsis. */
export function truncateSummary(text: string | null | undefined, max = 200): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** What the incident's investigator shows without one (spec 1 §2 header select). */
export const NOT_ASSIGNED = 'Not assigned';

/** The investigator of an incident: 'Not assigned' without one, 'Unknown' when the user has no name. */
export function assigneeName(assignedUserId: string | null | undefined, assignedUserName: string | null | undefined) {
  return assignedUserId ? displayName(assignedUserName) : NOT_ASSIGNED;
}

/** The parts of an address as the cards, the location and their snapshots hold them. */
export interface AddressParts {
  unit?: string | null;
  address?: string | null;
  street?: string | null;
  cityName?: string | null;
  stateName?: string | null;
  postalCode?: string | null;
  countryCode?: string | null;
  countryName?: string | null;
}

const clean = (value: string | null | undefined) => value?.trim() ?? '';

/**
 * One line of an address, the same in the viewer, the lists and the print:
 * 'Unit 4, 200 King Street, Toronto, Ontario M5H 1J9, Canada'. The country is written by name
 * (countryName, else the name countryNameOf finds for the code). The country alone (every card has
 * the default one) is not an address: an address without any other part stays empty.
 */
export function formatAddress(
  parts: AddressParts,
  countryNameOf: (code: string) => string | undefined = () => undefined,
): string {
  const unit = clean(parts.unit);
  const street = [parts.address, parts.street].map(clean).filter(Boolean).join(' ');
  const region = [clean(parts.stateName), clean(parts.postalCode)].filter(Boolean).join(' ');
  const local = [unit ? `Unit ${unit}` : '', street, clean(parts.cityName), region].filter(Boolean);
  if (local.length === 0) return '';
  const code = clean(parts.countryCode);
  const country = clean(parts.countryName) || (code ? (countryNameOf(code) ?? code) : '');
  return [...local, country].filter(Boolean).join(', ');
}
