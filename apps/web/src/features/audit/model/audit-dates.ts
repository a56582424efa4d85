import { toCalendarDate } from '../../../lib/calendar-date';

/** The audit card's dates: calendar days 'yyyy-MM-dd' of the browser's clock (spec 3 §4, §5). */

/** One month back to today (the same day of the previous month, or its last day when it has none). */
export function defaultAuditRange(now = new Date()): { fromDate: string; toDate: string } {
  const lastOfPrevious = new Date(now.getFullYear(), now.getMonth(), 0).getDate();
  const from = new Date(now.getFullYear(), now.getMonth() - 1, Math.min(now.getDate(), lastOfPrevious));
  return { fromDate: toCalendarDate(from), toDate: toCalendarDate(now) };
}

/** Why a range cannot be searched (the server's texts), or null. */
export function rangeProblem(range: { fromDate: string; toDate: string }, now = new Date()): string | null {
  if (!range.fromDate || !range.toDate) return 'Please enter the from and to dates.';
  const today = toCalendarDate(now);
  if (range.fromDate > today || range.toDate > today) return 'Audit dates cannot be in the future.';
  if (range.fromDate > range.toDate) return 'The from date cannot be later than the to date.';
  return null;
}
