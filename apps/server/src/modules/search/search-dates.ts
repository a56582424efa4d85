import type { DateCriterion } from '@blotter/shared';
import { type SQL, sql } from 'drizzle-orm';

/** Where the user's calendar is: the criterion's IANA zone, else the request's offset (minutes, as Date#getTimezoneOffset). */
export interface SearchClock {
  timezoneOffset: number;
}

/** The user's wall clock as a `timestamp` (no zone) for the instant `value` (a timestamptz). */
export function localTime(value: SQL, zone: string | undefined, clock: SearchClock): SQL {
  return zone
    ? sql`(${value} at time zone ${zone}::text)`
    : sql`((${value} at time zone 'UTC') - make_interval(mins => ${clock.timezoneOffset}::int))`;
}

/** The instant of the user's wall-clock time `local` (a timestamp without zone). */
export function instantOf(local: SQL, zone: string | undefined, clock: SearchClock): SQL {
  return zone
    ? sql`((${local}) at time zone ${zone}::text)`
    : sql`(((${local}) + make_interval(mins => ${clock.timezoneOffset}::int)) at time zone 'UTC')`;
}

/** The first moment of the user's current month, on their wall clock. */
const startOfMonthSql = (zone: string | undefined, clock: SearchClock) =>
  sql`date_trunc('month', ${localTime(sql`now()`, zone, clock)})`;

const minuteOfDay = (local: SQL) => sql`(extract(hour from ${local}) * 60 + extract(minute from ${local}))`;
const minutes = (time: string) => {
  const [hours = 0, mins = 0] = time.split(':').map(Number);
  return hours * 60 + mins;
};

/**
 * The condition of one date criterion on `column` (reported_date or occurred_date), or null when
 * it tests nothing (a month or day-of-week criterion with nothing ticked adds nothing, spec 2 §5).
 * Ranges compare the column itself with instants, so its index serves them; months, days of the
 * week and work shifts read the column in the user's zone.
 */
export function dateCondition(column: SQL, criterion: DateCriterion, clock: SearchClock): SQL | null {
  const zone = criterion.timezone;
  const local = () => localTime(column, zone, clock);
  const instant = (wallClock: SQL) => instantOf(wallClock, zone, clock);
  const startOfThisMonth = startOfMonthSql(zone, clock);
  switch (criterion.periodType) {
    case 'period': {
      const from = `${criterion.fromDate} ${criterion.fromTime ?? '00:00'}`;
      const to = `${criterion.toDate} ${criterion.toTime ?? '23:59'}`;
      // The to-minute is included whole.
      return sql`(${column} >= ${instant(sql`${from}::timestamp`)}
        and ${column} < ${instant(sql`${to}::timestamp + interval '1 minute'`)})`;
    }
    case 'lastNDays':
      return sql`${column} >= now() - make_interval(days => ${criterion.days ?? 0}::int)`;
    case 'lastNMonths': {
      const n = criterion.lastNMonths ?? 0;
      // 0 is the current month so far; n is the n whole months before it (1 the previous month).
      if (n === 0) return sql`${column} >= ${instant(startOfThisMonth)}`;
      return sql`(${column} >= ${instant(sql`${startOfThisMonth} - make_interval(months => ${n}::int)`)}
        and ${column} < ${instant(startOfThisMonth)})`;
    }
    case 'month':
      if (criterion.months.length === 0) return null;
      return sql`extract(month from ${local()})::int = any(${`{${criterion.months.join(',')}}`}::int[])`;
    case 'dayOfWeek':
      if (criterion.dayOfWeeks.length === 0) return null;
      return sql`extract(dow from ${local()})::int = any(${`{${criterion.dayOfWeeks.join(',')}}`}::int[])`;
    case 'workShift': {
      const from = minutes(criterion.fromTime ?? '00:00');
      const to = minutes(criterion.toTime ?? '23:59');
      const at = minuteOfDay(local());
      // A shift from 22:00 to 06:00 wraps past midnight.
      return from <= to
        ? sql`(${at} between ${from}::int and ${to}::int)`
        : sql`(${at} >= ${from}::int or ${at} <= ${to}::int)`;
    }
  }
}

/**
 * The first and last calendar day (`date`s on the user's calendar) that a range criterion (period,
 * last n days, last n months) covers, read by the same rules as dateCondition: the days an analysis
 * groups and labels. Null for the other period types, which are not ranges.
 */
export function dateRangeDays(criterion: DateCriterion, clock: SearchClock): { from: SQL; to: SQL } | null {
  const zone = criterion.timezone;
  const today = sql`${localTime(sql`now()`, zone, clock)}::date`;
  const startOfThisMonth = startOfMonthSql(zone, clock);
  switch (criterion.periodType) {
    case 'period':
      return { from: sql`${criterion.fromDate}::date`, to: sql`${criterion.toDate}::date` };
    case 'lastNDays':
      return {
        from: sql`${localTime(sql`(now() - make_interval(days => ${criterion.days ?? 0}::int))`, zone, clock)}::date`,
        to: today,
      };
    case 'lastNMonths': {
      const n = criterion.lastNMonths ?? 0;
      if (n === 0) return { from: sql`${startOfThisMonth}::date`, to: today };
      return {
        from: sql`(${startOfThisMonth} - make_interval(months => ${n}::int))::date`,
        to: sql`(${startOfThisMonth} - interval '1 day')::date`,
      };
    }
    default:
      return null;
  }
}
