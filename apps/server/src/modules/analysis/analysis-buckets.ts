import type { AnalysisFrequency } from '@blotter/shared';
import { formatCalendarDate } from '@blotter/shared';
import { tz } from '@date-fns/tz';
// One module each, not the package's index: the index loads every date-fns function (about 150 MB
// of memory while the server starts, which its heap then keeps).
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { differenceInCalendarMonths } from 'date-fns/differenceInCalendarMonths';
import { differenceInCalendarYears } from 'date-fns/differenceInCalendarYears';

/** One bucket of a series before it is counted: its key (`period` of the answer) and label. */
export interface Bucket {
  period: string;
  label: string;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A calendar day 'YYYY-MM-DD' as a UTC midnight, to step through days without any zone. The steps
 * stay hand-written: date-fns in a UTC context (TZDate) made a five-year daily series 6-7 times
 * slower (docs/architecture.md §8); the counting below is date-fns.
 */
const dayOf = (iso: string) => new Date(`${iso}T00:00:00Z`);
const isoOf = (day: Date) => day.toISOString().slice(0, 10);

function days(from: string, to: string, dateFormat: number): Bucket[] {
  const buckets: Bucket[] = [];
  for (const day = dayOf(from); isoOf(day) <= to; day.setUTCDate(day.getUTCDate() + 1)) {
    const period = isoOf(day);
    buckets.push({ period, label: formatCalendarDate(period, dateFormat) });
  }
  return buckets;
}

function months(from: string, to: string): Bucket[] {
  const buckets: Bucket[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (let period = `${year}-${pad(month)}`; period <= last; period = `${year}-${pad(month)}`) {
    buckets.push({ period, label: `${MONTHS[month - 1]} ${year}` });
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return buckets;
}

function years(from: string, to: string): Bucket[] {
  const buckets: Bucket[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    const period = String(year).padStart(4, '0');
    buckets.push({ period, label: period });
  }
  return buckets;
}

/** The most buckets one series may have (27 years of days; a five-year daily analysis has 1,827). */
export const MAX_BUCKETS = 10_000;

/** Calendar days are counted in UTC, so no time zone or summer-time change adds or drops a day. */
const IN_UTC = { in: tz('UTC') };

/** How many buckets a date frequency makes over the days from..to, without making them. */
export function bucketCount(
  frequency: Exclude<AnalysisFrequency, 'class' | 'repeatSubjects'>,
  from: string,
  to: string,
): number {
  switch (frequency) {
    case 'day':
      return differenceInCalendarDays(dayOf(to), dayOf(from), IN_UTC) + 1;
    case 'month':
      return differenceInCalendarMonths(dayOf(to), dayOf(from), IN_UTC) + 1;
    case 'year':
      return differenceInCalendarYears(dayOf(to), dayOf(from), IN_UTC) + 1;
    case 'weekday':
      return 7;
    case 'hour':
      return 24;
  }
}

/**
 * Every bucket of a date frequency over the days from..to (ISO, inclusive), in order: the chart
 * shows a bar for each, zero counts included. Class buckets come from the class tree instead.
 */
export function dateBuckets(
  frequency: Exclude<AnalysisFrequency, 'class' | 'repeatSubjects'>,
  from: string,
  to: string,
  dateFormat: number,
): Bucket[] {
  switch (frequency) {
    case 'day':
      return days(from, to, dateFormat);
    case 'weekday':
      return WEEKDAYS.map((label, n) => ({ period: String(n), label }));
    case 'month':
      return months(from, to);
    case 'year':
      return years(from, to);
    case 'hour':
      return Array.from({ length: 24 }, (_, n) => ({ period: pad(n), label: `${pad(n)}:00` }));
  }
}

/** The default name of a period: its range in the company date format ('01/03/2026 - 31/03/2026'). */
export const rangeLabel = (from: string, to: string, dateFormat: number) =>
  `${formatCalendarDate(from, dateFormat)} - ${formatCalendarDate(to, dateFormat)}`;
