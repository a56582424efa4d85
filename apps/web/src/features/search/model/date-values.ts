import { companyDatePattern } from '../../../lib/calendar-date';

/** The dates and times of date criteria: calendar dates 'yyyy-MM-dd' and times 'HH:mm' of the user's clock. */

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date's local calendar day as 'yyyy-MM-dd'. */
export function toCalendarDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A Date's local time of day as 'HH:mm'. */
export function toTimeOfDay(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** 'yyyy-MM-dd' as a local Date (midnight); null for anything else. */
export function fromCalendarDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

/** 'HH:mm' as a Date of today at that time (what a time picker holds); null for anything else. */
export function fromTimeOfDay(value: string, today = new Date()): Date | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  return new Date(today.getFullYear(), today.getMonth(), today.getDate(), Number(match[1]), Number(match[2]));
}

/** The default range of the date pickers: yesterday to today (spec 2 §9). */
export function defaultDateRange(now = new Date()): { fromDate: string; toDate: string } {
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  return { fromDate: toCalendarDate(yesterday), toDate: toCalendarDate(now) };
}

/** 'HH:mm' as people read it: '10:30 PM'. */
export function formatTimeOfDay(value: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return value;
  const hours = Number(match[1]);
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${pad(twelve)}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** The company's date format as date-fns patterns for the pickers (dd/MM/yyyy or MM/dd/yyyy; times hh:mm a). */
export function searchPickerFormats(dateFormat: number): { date: string; time: string } {
  return { date: companyDatePattern(dateFormat), time: 'hh:mm a' };
}
