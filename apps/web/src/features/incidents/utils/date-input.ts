/**
 * Conversions between the values of native date inputs (local time, no zone) and the ISO strings
 * the API takes. Native inputs are typed into like any text field, which keeps them accessible.
 */

const pad = (n: number) => String(n).padStart(2, '0');

function valid(date: Date): boolean {
  return !Number.isNaN(date.getTime());
}

function localDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** '2024-05-01T09:30' (local) for an ISO string; '' when empty or invalid. */
export function isoToDateTimeInput(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (!valid(date)) return '';
  return `${localDate(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** '2024-05-01' (local) for an ISO string; '' when empty or invalid. */
export function isoToDateInput(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return valid(date) ? localDate(date) : '';
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The ISO string (UTC) of a datetime-local value read as local time; '' when empty or invalid. */
export function dateTimeInputToIso(value: string): string {
  const match = DATE_TIME.exec(value);
  if (!match) return '';
  const [, y, mo, d, h, mi, s] = match.map(Number);
  const date = new Date(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, Number.isNaN(s) ? 0 : (s ?? 0));
  return valid(date) ? date.toISOString() : '';
}

/** The ISO string of the start (local midnight) of a date input's day; '' when empty or invalid. */
export function dateInputToIso(value: string): string {
  const match = DATE_ONLY.exec(value);
  if (!match) return '';
  const [, y, mo, d] = match.map(Number);
  const date = new Date(y ?? 0, (mo ?? 1) - 1, d ?? 1);
  return valid(date) ? date.toISOString() : '';
}

/** Local midnight of the same day, for an occurred date that becomes uncertain. */
export function startOfLocalDayIso(iso: string): string {
  return dateInputToIso(isoToDateInput(iso));
}

/** The current local time as the `max` of a datetime-local input (no future dates). */
export function nowDateTimeInput(now: Date = new Date()): string {
  return isoToDateTimeInput(now.toISOString());
}
