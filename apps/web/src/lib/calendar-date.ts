import { DATE_FORMAT } from '@blotter/shared/constants';
import { format, isValid, parse } from 'date-fns';

/** Calendar dates (a day with no time zone: a period's bounds, a start date) as 'yyyy-MM-dd'. */

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** 'yyyy-MM-dd' as a local Date (midnight); null for anything else. */
export function fromCalendarDate(value: string | null | undefined): Date | null {
  if (!value || !CALENDAR_DATE.test(value)) return null;
  const date = parse(value, 'yyyy-MM-dd', new Date());
  return isValid(date) ? date : null;
}

/** A Date's local calendar day as 'yyyy-MM-dd'. */
export const toCalendarDate = (date: Date): string => format(date, 'yyyy-MM-dd');

/** A picker date that is complete (a partly typed one is an Invalid Date). */
export function isCompleteDate(date: Date | null): date is Date {
  return date !== null && !Number.isNaN(date.getTime());
}

/** The company's dateFormat (0 dd/MM/yyyy, 1 MM/dd/yyyy) as a date-fns pattern for the pickers. */
export function companyDatePattern(dateFormat: number): string {
  return dateFormat === DATE_FORMAT.MDY ? 'MM/dd/yyyy' : 'dd/MM/yyyy';
}
