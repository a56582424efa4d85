import { companyDatePattern } from '../../../lib/calendar-date';

/**
 * Conversions between the form's stored dates and the Date objects of the MUI X pickers, and the
 * company's date format as picker patterns (spec 1 §9).
 */

/**
 * What a date field asks for and how the form stores it: 'dateTime' an instant (ISO string or
 * null), 'day' a date only as the start of that local day (ISO string or null), 'calendarDate' a
 * date with no time zone such as a date of birth ('yyyy-MM-dd' or '').
 */
export type DateFieldKind = 'dateTime' | 'day' | 'calendarDate';

export interface PickerFormats {
  date: string;
  dateTime: string;
}

/** The company's dateFormat (0 dd/MM/yyyy, 1 MM/dd/yyyy) as date-fns patterns, times as hh:mm a. */
export function pickerFormats(dateFormat: number): PickerFormats {
  const date = companyDatePattern(dateFormat);
  return { date, dateTime: `${date} hh:mm a` };
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** The form's value as a picker date: an ISO instant, or a 'yyyy-MM-dd' day read as local; null when empty. */
export function toPickerDate(value: unknown): Date | null {
  if (typeof value !== 'string' || !value) return null;
  const day = CALENDAR_DATE.exec(value);
  return day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
}

export { isCompleteDate } from '../../../lib/calendar-date';

/** A complete picker date as the form stores it for the kind of field. */
export function fromPickerDate(date: Date, kind: DateFieldKind): string {
  if (kind === 'dateTime') return date.toISOString();
  if (kind === 'day') return new Date(date.getFullYear(), date.getMonth(), date.getDate()).toISOString();
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** What the form stores while the field holds no complete date. */
export function emptyDateValue(kind: DateFieldKind): string | null {
  return kind === 'calendarDate' ? '' : null;
}

/** Local midnight of the same day, for an occurred date that becomes uncertain. */
export function startOfLocalDayIso(iso: string): string {
  return fromPickerDate(new Date(iso), 'day');
}

/** Today as a calendar date ('yyyy-MM-dd', local), the latest date of birth. */
export function todayCalendarDate(now: Date = new Date()): string {
  return fromPickerDate(now, 'calendarDate');
}
