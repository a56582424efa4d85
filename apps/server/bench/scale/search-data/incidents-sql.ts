import { type SQL, sql } from 'drizzle-orm';
import type { BenchCompany } from './companies';
import { STREETS, SUMMARY_ENDINGS, SUMMARY_OPENINGS, SUMMARY_SUBJECTS } from './names';
import {
  CITY_COUNT,
  CITY_IDS,
  CITY_NAMES,
  CITY_STATES,
  choose,
  iso,
  postalCode,
  textArray,
  uuidArray,
} from './sql-helpers';

/** Incidents of a company are spread evenly over this many days back from now, numbered in time order. */
export const YEARS_DAYS = 1826;
/** The seed of an incident: company index and number (the part statements compute the same). */
export const SEED_STRIDE = 10_000_000;

/**
 * The company's incidents in one INSERT … SELECT over generate_series. Incident g of n is reported
 * at (g - 1 + u) / n of five years from then to now; a year ago and older 6% are still open, in the
 * last year 35% (the worst case 'Open, last 365 days' matches about 70,000 of a million). Closed
 * incidents carry a close block (closed by their creator), 1 in 50 of them locked. Creator and
 * investigator are among the company's eight users; class, location, severity and city skewed to
 * the first entries of their (company-shuffled) lists.
 */
export function incidentsStatement(company: BenchCompany): SQL {
  const s = sql.raw('b.s');
  const classes = uuidArray(company.classIds);
  const locations = uuidArray(company.locationIds);
  const severities = uuidArray(company.severityIds);
  const userIds = uuidArray(company.userIds);
  const firsts = textArray(company.userFirstNames);
  const lasts = textArray(company.userLastNames);
  const streets = textArray(STREETS);
  const closed = sql`b.status = 2`;
  return sql`
    insert into incidents (account_id, number, status, locked, create_user_id, assigned_user_id,
      reported_date, occurred_date, occurred_date_uncertain, last_class_id, severity_id, summary, summary_text,
      last_location_id, location_address, location_unit, location_street, location_postal_code,
      location_city_id, location_city_name, location_state_name, location_country_code, location_country_name,
      close, closed_at, version, created_at, updated_at)
    select ${company.accountId}::uuid, b.g, b.status, ${closed} and bench_pick(${s}, 3, 50) = 0,
      (${userIds})[b.creator], case when bench_pick(${s}, 4, 2) = 0 then ${choose(userIds, company.userIds.length, s, 5, true)} end,
      b.reported, b.reported - make_interval(mins => bench_pick(${s}, 6, 2880)), bench_pick(${s}, 7, 20) = 0,
      ${choose(classes, company.classIds.length, s, 8)},
      case when bench_pick(${s}, 9, 100) < 85 then ${choose(severities, company.severityIds.length, s, 10)} end,
      '<p>' || b.summary || '</p>', b.summary,
      case when bench_pick(${s}, 11, 100) < 90 then ${choose(locations, company.locationIds.length, s, 12)} end,
      case when b.has_address then (1 + bench_pick(${s}, 13, 9999))::text || ' ' || ${choose(streets, STREETS.length, s, 14)} else '' end,
      case when b.has_address and bench_pick(${s}, 15, 5) = 0 then 'Unit ' || (1 + bench_pick(${s}, 16, 400))::text else '' end,
      '',
      case when b.has_address then ${postalCode(s, 17)} else '' end,
      case when b.has_address then (${CITY_IDS})[b.city] end,
      case when b.has_address then (${CITY_NAMES})[b.city] else '' end,
      case when b.has_address then (${CITY_STATES})[b.city] else '' end,
      'CA', case when b.has_address then 'Canada' else '' end,
      case when ${closed} then jsonb_build_object(
        'closedBy', 'USER', 'closeUserId', (${userIds})[b.creator],
        'closeUserName', (${firsts})[b.creator] || ' ' || (${lasts})[b.creator],
        'closeUserFirstName', (${firsts})[b.creator], 'closeUserLastName', (${lasts})[b.creator],
        'closeFirstName', '', 'closeMiddleName', '', 'closeLastName', '', 'closeAlias', '', 'closePosition', '',
        'closeDepartment', '', 'closeEmail', '', 'closePhone', '', 'closeMobilePhone', '',
        'closeComments', '<p>Closed after review.</p>', 'closeCommentsText', 'Closed after review.',
        'closeDate', ${iso(sql`b.closed_at`)}) end,
      case when ${closed} then b.closed_at end,
      1, b.created, case when ${closed} then b.closed_at else b.created end
    from (
      select a.*,
        case when a.reported > now() - interval '365 days'
          then case when bench_pick(a.s, 2, 100) < 35 then 1 else 2 end
          else case when bench_pick(a.s, 2, 100) < 6 then 1 else 2 end end as status,
        1 + bench_pick(a.s, 18, ${company.userIds.length}) as creator,
        bench_pick(a.s, 19, 100) < 85 as has_address,
        1 + bench_skew(a.s, 20, ${CITY_COUNT}) as city,
        least(now(), a.reported + make_interval(mins => 5 + bench_pick(a.s, 21, 600))) as created,
        least(now(), a.reported + make_interval(mins => 60 + bench_pick(a.s, 22, 43200))) as closed_at,
        ${choose(textArray(SUMMARY_OPENINGS), SUMMARY_OPENINGS.length, sql.raw('a.s'), 23)} || ' ' ||
          ${choose(textArray(SUMMARY_SUBJECTS), SUMMARY_SUBJECTS.length, sql.raw('a.s'), 24, true)} || '. ' ||
          ${choose(textArray(SUMMARY_ENDINGS), SUMMARY_ENDINGS.length, sql.raw('a.s'), 25, true)} as summary
      from (
        select g, ${company.index}::bigint * ${SEED_STRIDE} + g as s,
          now() - interval '${sql.raw(String(YEARS_DAYS))} days'
            + (g - 1 + bench_unit(${company.index}::bigint * ${SEED_STRIDE} + g, 1))
              * (interval '${sql.raw(String(YEARS_DAYS))} days' / ${company.incidents}::int) as reported
        from generate_series(1, ${company.incidents}::int) g
      ) a
    ) b`;
}
