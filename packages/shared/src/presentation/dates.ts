import { DATE_FORMAT } from '../constants';

/**
 * Dates as people read them everywhere (viewer, lists, print, emails): the company's date format
 * (dd/MM/yyyy or MM/dd/yyyy, times hh:mm a), never the runtime's locale.
 *
 * The reader's clock: without `timezoneOffset` a moment is shown in the time zone of the code that
 * runs (the browser's own); the server passes the reader's offset from the request header
 * (minutes, as Date#getTimezoneOffset: 300 in Toronto in winter) so a PDF reads like the screen.
 */

/** The reader's clock as the server knows it: the company's date format and the request's offset. */
export interface ReaderClock {
  dateFormat: number;
  /** Minutes to add to the reader's local time to get UTC (Date#getTimezoneOffset), e.g. 300 in Toronto in winter. */
  timezoneOffset: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

interface WallClock {
  year: string;
  month: string;
  day: string;
  hours24: number;
  minutes: string;
}

function wallClock(value: Date | string, timezoneOffset: number | undefined): WallClock | undefined {
  const date = typeof value === 'string' ? new Date(value) : value;
  const time = date.getTime();
  if (Number.isNaN(time)) return undefined;
  // Without an offset, the running zone's own offset at that moment (summer time included).
  const local = new Date(time - (timezoneOffset ?? date.getTimezoneOffset()) * 60_000);
  return {
    year: String(local.getUTCFullYear()),
    month: pad(local.getUTCMonth() + 1),
    day: pad(local.getUTCDate()),
    hours24: local.getUTCHours(),
    minutes: pad(local.getUTCMinutes()),
  };
}

const datePart = (p: Pick<WallClock, 'year' | 'month' | 'day'>, dateFormat: number) =>
  dateFormat === DATE_FORMAT.MDY ? `${p.month}/${p.day}/${p.year}` : `${p.day}/${p.month}/${p.year}`;

/** A moment as the reader's date: MM/dd/yyyy for US (1), dd/MM/yyyy otherwise; '' for none. */
export function formatDate(
  value: Date | string | null | undefined,
  dateFormat: number,
  timezoneOffset?: number,
): string {
  const p = value == null ? undefined : wallClock(value, timezoneOffset);
  return p ? datePart(p, dateFormat) : '';
}

/** A moment as the reader's date and time: 'MM/dd/yyyy hh:mm a' or 'dd/MM/yyyy hh:mm a'; '' for none. */
export function formatDateTime(
  value: Date | string | null | undefined,
  dateFormat: number,
  timezoneOffset?: number,
): string {
  const p = value == null ? undefined : wallClock(value, timezoneOffset);
  if (!p) return '';
  const hours = pad(p.hours24 % 12 === 0 ? 12 : p.hours24 % 12);
  return `${datePart(p, dateFormat)} ${hours}:${p.minutes} ${p.hours24 < 12 ? 'AM' : 'PM'}`;
}

/** Date occurred: only the date when the person was not sure of the time (spec 1 §4 Occurred date). */
export function formatOccurred(
  value: Date | string | null | undefined,
  uncertain: boolean,
  dateFormat: number,
  timezoneOffset?: number,
): string {
  return uncertain ? formatDate(value, dateFormat, timezoneOffset) : formatDateTime(value, dateFormat, timezoneOffset);
}

/**
 * A calendar date (yyyy-mm-dd, e.g. a date of birth) in the company format. Read by its parts, with
 * no time zone: `new Date('1990-05-01')` is midnight UTC, which is the day before west of Greenwich.
 */
export function formatCalendarDate(value: string | null | undefined, dateFormat: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return '';
  const [, year = '', month = '', day = ''] = match;
  return datePart({ year, month, day }, dateFormat);
}

/**
 * The reader's time zone from the timezone-offset header (minutes, as Date#getTimezoneOffset); the
 * running process's own offset when the header is missing or not a real offset.
 */
export function readerTimezoneOffset(header: string | string[] | undefined, at = new Date()): number {
  const value = Array.isArray(header) ? header[0] : header;
  const offset = value !== undefined && /^-?\d{1,4}$/.test(value.trim()) ? Number(value) : Number.NaN;
  return Number.isInteger(offset) && Math.abs(offset) <= 14 * 60 ? offset : at.getTimezoneOffset();
}
