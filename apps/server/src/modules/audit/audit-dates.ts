import { AUDIT_MESSAGES } from '@blotter/shared';
import { badRequest } from '../../plugins/errors';

/**
 * The audit table's date range (spec 3 §2, §4, §5): calendar days of the reader's zone (minutes
 * as Date#getTimezoneOffset, from x-timezone-offset), by default one month back to today, never
 * after today.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The reader's today as YYYY-MM-DD. */
export function readerToday(timezoneOffset: number, now: Date): string {
  return new Date(now.getTime() - timezoneOffset * 60_000).toISOString().slice(0, 10);
}

/** The same day a month before (the month's last day when it has no such day: 31 March → 28/29 February). */
export function monthBefore(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const lastOfPrevious = new Date(Date.UTC(year, month - 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 2, Math.min(date, lastOfPrevious))).toISOString().slice(0, 10);
}

/** The instant a calendar day of the reader starts. */
const startOf = (day: string, timezoneOffset: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + timezoneOffset * 60_000);

/** The instants from fromDate's start to the end of toDate; 400 for a future day. */
export function auditRange(
  query: { fromDate?: string | undefined; toDate?: string | undefined },
  timezoneOffset: number,
  now: Date,
): { from: Date; to: Date } {
  const today = readerToday(timezoneOffset, now);
  const toDate = query.toDate ?? today;
  const fromDate = query.fromDate ?? monthBefore(toDate);
  if (fromDate > today || toDate > today) throw badRequest(AUDIT_MESSAGES.futureDate);
  if (fromDate > toDate) throw badRequest(AUDIT_MESSAGES.dateOrder);
  return { from: startOf(fromDate, timezoneOffset), to: new Date(startOf(toDate, timezoneOffset).getTime() + DAY_MS) };
}
