import {
  type AnalysisFrequency,
  type DateCriterion,
  REPEAT_SUBJECTS_LIMIT,
  REPEAT_SUBJECTS_MIN_INCIDENTS,
  type SearchCriteria,
  type SubjectKind,
} from '@blotter/shared';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { lookups } from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { execute, searchWhere } from '../search/search.queries';
import type { Subtrees } from '../search/search-criteria';
import { dateRangeDays, instantOf, type SearchClock } from '../search/search-dates';

/**
 * One period of an analysis as the search reads it: its criteria (the date occurred range, the
 * class and location filters) and the clock its dates are read in. `within` narrows the count to a
 * class subtree (the class clicked on drill-down), ANDed with the filters.
 */
export interface PeriodQuery {
  criteria: SearchCriteria & { dateOccurred: { values: [DateCriterion] } };
  clock: SearchClock;
  within?: readonly string[];
}

/** What one period counted: its days (ISO, as resolved in the user's zone) and the count per bucket key. */
export interface PeriodCounts {
  from: string;
  to: string;
  counts: Record<string, number>;
}

/** The calendar frequencies: the unit their buckets start at and the key written for each. */
const CALENDAR = {
  day: { unit: 'day', step: '1 day', format: 'YYYY-MM-DD' },
  month: { unit: 'month', step: '1 month', format: 'YYYY-MM' },
  year: { unit: 'year', step: '1 year', format: 'YYYY' },
} as const;

/**
 * The instants (ascending) at which the hours of the user's clock start over a period, each start
 * repeated so that its last copy stands at an index one more than a number congruent to its hour
 * modulo 24: `(width_bucket(instant, starts) - 1) % 24` is then the instant's local hour, found by
 * one binary search as a month is. An hour that follows its predecessor takes the next index; a
 * skipped hour (spring) leaves an empty bucket, and the autumn's repeated hour 23.
 *
 * Worked out once per statement, converting no incident's time: the zone's offset is read at each
 * day's start, the quarter hours of a day whose two ends differ find the instant it changes at
 * (every zone's changes fall on a quarter hour of UTC, and none changes twice within a day), and
 * each stretch of one offset has its hours by arithmetic. A fixed offset (no zone) is one stretch,
 * whatever its minutes.
 */
function hourStartsSql(zone: string | undefined, clock: SearchClock, days: { from: SQL; to: SQL }): SQL {
  const offsetAt = (t: SQL) =>
    zone
      ? sql`date_part('epoch', ((${t}) at time zone ${zone}::text) - ((${t}) at time zone 'UTC'))`
      : sql`${-clock.timezoneOffset * 60}::float8`;
  const first = sql`date_bin('1 day', ${instantOf(sql`${days.from}::timestamp`, zone, clock)}, timestamptz '2000-01-01 00:00+00')`;
  const last = instantOf(sql`(${days.to}::timestamp + interval '1 day')`, zone, clock);
  // The local time at a stretch's start (seconds), and the hour of a local time.
  const local = sql`(date_part('epoch', s.start) + s.off)`;
  const hourOf = (seconds: SQL) => sql`((floor(${seconds} / 3600)::bigint % 24 + 24) % 24)::int`;
  return sql`array(
    with samples as (
      select t, off, lag(off) over (order by t) as prev
      from (select t, ${offsetAt(sql`t`)} as off
        from generate_series(${first}, ${last} + interval '1 day', interval '1 day') t) a
    ), changes as (
      select q as start, off from (
        select q, off, lag(off) over (order by q) as prev
        from (select q, ${offsetAt(sql`q`)} as off
          from samples s, generate_series(s.t - interval '1 day', s.t, interval '15 minutes') q
          where s.off <> s.prev) a) x
      where x.off <> x.prev
    ), stretches as (
      select start, off, lead(start, 1, ${last}) over w as stop, lag(off) over w as before
      from (select ${first} as start, ${offsetAt(first)} as off union all select start, off from changes) c
      window w as (order by start)
    ), copies as (
      select s.start, s.stop, s.off, ${local} as wall, (${hourOf(local)} - coalesce(
        ${hourOf(sql`(ceil((date_part('epoch', s.start) + s.before) / 3600) * 3600 - 1)`)}, -1) + 23) % 24 + 1 as n
      from stretches s
    )
    select b from copies c, lateral (
      select c.start as b from generate_series(1, c.n)
      union all
      select generate_series(c.start + make_interval(secs => floor(c.wall / 3600) * 3600 + 3600 - c.wall),
        c.stop - interval '1 microsecond', interval '1 hour')) x
    order by b)`;
}

/**
 * The bucket of the incident `i` for a frequency, grouped on a cheap value (a number, a class id)
 * and written as the answer's key only for the groups: day 'YYYY-MM-DD', month 'YYYY-MM', year
 * 'YYYY', weekday '0'–'6' from Sunday, hour '00'–'23', class the incident's own class id (the
 * caller adds the classes up to the buckets shown). A day, month or year is found by where the
 * instant falls among the instants its buckets start at (width_bucket, computed once per
 * statement), not by converting every incident's time to the user's zone, which cost a third of the
 * statement at 400,000 incidents; a weekday by its day; an hour by where it falls among the
 * instants the user's hours start at (hourStartsSql; the autumn's repeated hour simply starts twice).
 */
function bucketSql(
  frequency: AnalysisFrequency,
  zone: string | undefined,
  clock: SearchClock,
  days: { from: SQL; to: SQL },
) {
  switch (frequency) {
    case 'day':
    case 'month':
    case 'year': {
      const { unit, step, format } = CALENDAR[frequency];
      const starts = sql`generate_series(date_trunc(${unit}::text, ${days.from}::timestamp), ${days.to}::timestamp, ${step}::interval)`;
      return {
        group: sql`width_bucket(i.occurred_date, array(select ${instantOf(sql`d`, zone, clock)} from ${starts} d))`,
        key: sql`(array(select to_char(d, ${format}::text) from ${starts} d))[k]`,
      };
    }
    case 'weekday': {
      // By the day, as above, then the days' weekdays: midnight is never an ambiguous local time,
      // so the day a summer-time change falls on is still read right.
      const starts = sql`generate_series(${days.from}::timestamp, ${days.to}::timestamp, '1 day'::interval)`;
      return {
        group: sql`width_bucket(i.occurred_date, array(select ${instantOf(sql`d`, zone, clock)} from ${starts} d))`,
        key: sql`date_part('dow', (array(select d from ${starts} d))[k])::int::text`,
      };
    }
    case 'hour':
      // By where the instant falls among the starts of the user's hours (hourStartsSql), as a month
      // is found among its starts: the groups are the 24 hours, and no incident's time is converted.
      return {
        group: sql`(width_bucket(i.occurred_date, ${hourStartsSql(zone, clock, days)}) - 1) % 24`,
        key: sql`lpad(k::text, 2, '0')`,
      };
    case 'class':
      return { group: sql`i.last_class_id`, key: sql`k::text` };
    case 'repeatSubjects':
      throw new Error('Repeat subjects are counted by repeatSubjectsSql');
  }
}

/** One period's JSON: its days and its counts by key, grouped in the database. */
function periodSql(principal: Principal, frequency: AnalysisFrequency, period: PeriodQuery, subtrees: Subtrees): SQL {
  const [date] = period.criteria.dateOccurred.values;
  const days = dateRangeDays(date, period.clock);
  if (!days) throw new Error(`Not a range: ${date.periodType}`);
  const bucket = bucketSql(frequency, date.timezone, period.clock, days);
  const within = period.within ? sql` and i.last_class_id = any(${`{${period.within.join(',')}}`}::uuid[])` : sql``;
  const where = sql`${searchWhere(principal, period.criteria, period.clock, subtrees)}${within}`;
  return sql`json_build_object(
    'from', to_char(${days.from}, 'YYYY-MM-DD'), 'to', to_char(${days.to}, 'YYYY-MM-DD'),
    'counts', (select coalesce(json_object_agg(key, n), '{}'::json) from (
      select ${bucket.key} as key, sum(n)::int as n from (
        select ${bucket.group} as k, count(*)::int as n from search_incidents i where ${where} group by 1) g
      group by 1) h))`;
}

/**
 * The statement that counts the incidents of every period by bucket (one round trip, one snapshot):
 * each period is its own grouped scan of search_incidents with the search's own conditions
 * (visibility, dates, class and location), so the occurred-date index serves each range.
 */
export function countPeriodsSql(
  principal: Principal,
  frequency: AnalysisFrequency,
  periods: readonly PeriodQuery[],
  subtrees: Subtrees,
): SQL {
  const parts = periods.map((period) => periodSql(principal, frequency, period, subtrees));
  return sql`select json_build_array(${sql.join(parts, sql`, `)}) as value`;
}

/** Counts the incidents of every period by bucket (countPeriodsSql). */
export async function countPeriods(
  tx: Executor,
  principal: Principal,
  frequency: AnalysisFrequency,
  periods: readonly PeriodQuery[],
  subtrees: Subtrees,
): Promise<PeriodCounts[]> {
  const [row] = await execute<{ value: PeriodCounts[] }>(tx, countPeriodsSql(principal, frequency, periods, subtrees));
  return row?.value ?? [];
}

export interface ClassNode {
  id: string;
  parentId: string | null;
  name: string;
}

/** The company's incident classes, in their order: the class frequency's buckets and drill-down. */
export function loadClassTree(tx: Executor, accountId: string): Promise<ClassNode[]> {
  return tx
    .select({ id: lookups.id, parentId: lookups.parentId, name: lookups.name })
    .from(lookups)
    .where(and(eq(lookups.accountId, accountId), eq(lookups.type, 'incidentClass')))
    .orderBy(asc(lookups.sortOrder), asc(lookups.name), asc(lookups.id));
}

/** One subject of a period's repeat subjects: who, the names its label is made of, and its incidents. */
export interface RepeatSubjectRow {
  kind: SubjectKind;
  id: string;
  n: number;
  first_name: string;
  middle_name: string;
  last_name: string;
  name: string;
  plate: string;
  province: string;
}

/**
 * What one period's repeat subjects found: its days (ISO), its subjects (the most incidents first, at
 * most REPEAT_SUBJECTS_LIMIT) and how many subjects came back in all.
 */
export interface PeriodSubjects {
  from: string;
  to: string;
  found: { total: number; subjects: RepeatSubjectRow[] };
}

const flagSql = (data: SQL, flag: string) => sql`coalesce((${data}->>${flag})::boolean, false)`;

/**
 * Whether a card names a subject of the incident rather than only the one who reported or saw it:
 * a card whose only ticked relations are among `onlyReporting` (reporter, witness) is left out of
 * the repeat subjects, so that the staff who report every week do not fill the chart; a card with
 * no relation ticked, or with any of `involved`, counts.
 */
function involvedSql(data: SQL, involved: string[], onlyReporting: string[]): SQL {
  const any = (flags: string[]) =>
    sql.join(
      flags.map((flag) => flagSql(data, flag)),
      sql` or `,
    );
  return sql`((${any(involved)}) or not (${any(onlyReporting)}))`;
}

/**
 * One period's repeat subjects (issue 31): the incidents the search finds for it (visibility, the
 * occurred range, the class and location filters), gathered first in a MATERIALIZED CTE over the
 * search view alone, as a search page is; then the register's persons and legal entities (by the
 * cards' person_id; never the company itself; a card only of the reporter or a witness left out,
 * see involvedSql) and vehicles (by the cards' vehicle key) named on them, counted by distinct
 * incident, those on REPEAT_SUBJECTS_MIN_INCIDENTS or more kept, the most first (ties by name), at
 * most REPEAT_SUBJECTS_LIMIT, with the names of their labels, and how many were kept in all.
 */
function periodSubjectsSql(principal: Principal, period: PeriodQuery, subtrees: Subtrees): SQL {
  const [date] = period.criteria.dateOccurred.values;
  const days = dateRangeDays(date, period.clock);
  if (!days) throw new Error(`Not a range: ${date.periodType}`);
  const account = principal.accountId;
  const where = searchWhere(principal, period.criteria, period.clock, subtrees);
  return sql`json_build_object(
    'from', to_char(${days.from}, 'YYYY-MM-DD'), 'to', to_char(${days.to}, 'YYYY-MM-DD'),
    'found', (with matched as materialized (select i.id from search_incidents i where ${where}),
      named as (
        select 'person'::text as kind, ip.person_id as id, ip.incident_id from incident_persons ip
          join matched m on m.id = ip.incident_id where ip.account_id = ${account} and ip.person_id is not null
           and ${involvedSql(sql`ip.data`, ['relationVictim', 'relationPersonOfInterest', 'relationSuspect', 'relationSubject'], ['relationReporter', 'relationWitness'])}
        union all
        select 'legalEntity', ic.person_id, ic.incident_id from incident_companies ic
          join matched m on m.id = ic.incident_id where ic.account_id = ${account} and ic.person_id is not null
           and ${involvedSql(sql`ic.data`, ['relationVictim', 'relationSubject'], ['relationReporter'])}
        union all
        select 'vehicle', v.id, iv.incident_id from incident_vehicles iv
          join matched m on m.id = iv.incident_id
          join subject_vehicles v on v.account_id = iv.account_id and v.vehicle_key = iv.vehicle_key
         where iv.account_id = ${account}),
      counted as (
        select kind, id, count(distinct incident_id)::int as n from named group by kind, id
        having count(distinct incident_id) >= ${REPEAT_SUBJECTS_MIN_INCIDENTS}),
      kept as (
        select c.kind, c.id, c.n, coalesce(p.first_name, '') as first_name, coalesce(p.middle_name, '') as middle_name,
               coalesce(p.last_name, '') as last_name, coalesce(p.name, '') as name,
               coalesce(v.license_plate, '') as plate, coalesce(v.state_province, '') as province,
               lower(case c.kind when 'vehicle' then v.license_plate when 'legalEntity' then p.name
                 else concat_ws(' ', p.first_name, p.middle_name, p.last_name) end) as sort_name
          from counted c
          left join parties p on c.kind <> 'vehicle' and p.account_id = ${account} and p.id = c.id
          left join subject_vehicles v on c.kind = 'vehicle' and v.account_id = ${account} and v.id = c.id
         where (c.kind = 'vehicle' and v.id is not null) or (c.kind <> 'vehicle' and p.id is not null and not p.is_owner)),
      shown as (select * from kept order by n desc, sort_name, kind, id limit ${REPEAT_SUBJECTS_LIMIT})
      select json_build_object('total', (select count(*)::int from kept),
        'subjects', (select coalesce(json_agg(json_build_object('kind', kind, 'id', id, 'n', n, 'first_name', first_name,
            'middle_name', middle_name, 'last_name', last_name, 'name', name, 'plate', plate, 'province', province)
          order by n desc, sort_name, kind, id), '[]'::json) from shown))))`;
}

/** Every period's repeat subjects, one statement (one round trip, one snapshot). */
export async function repeatSubjects(
  tx: Executor,
  principal: Principal,
  periods: readonly PeriodQuery[],
  subtrees: Subtrees,
): Promise<PeriodSubjects[]> {
  const parts = periods.map((period) => periodSubjectsSql(principal, period, subtrees));
  const [row] = await execute<{ value: PeriodSubjects[] }>(
    tx,
    sql`select json_build_array(${sql.join(parts, sql`, `)}) as value`,
  );
  return row?.value ?? [];
}
