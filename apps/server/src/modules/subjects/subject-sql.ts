import { type BanType, SUBJECT_KINDS, type SubjectKind } from '@blotter/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../plugins/auth';
import { visibleIncidentsSql } from '../incidents/incident.policy';
import { searchText } from '../parties/party-details';

/*
 * SQL pieces the subjects list, a subject's page and its bans share (issue 31). A subject is a
 * person (parties, person_type 0), a legal entity (parties, person_type 1, not the company itself)
 * or a vehicle of the register (subject_vehicles, found on incidents by vehicle_key).
 */

/** When an incident happened, for ordering and display: occurred, else reported, else entered. */
export const incidentDateSql = sql`coalesce(i.occurred_date, i.reported_date, i.created_at)`;

/** One kind's cards naming the subject; `when` a condition that may cut the branch (see below). */
const BRANCHES: Record<SubjectKind, (accountId: string, id: SQL, key: SQL, when: SQL) => SQL> = {
  person: (accountId, id, _key, when) => sql`select ip.incident_id, ip.data from incident_persons ip
     where ${when}ip.account_id = ${accountId} and ip.person_id = ${id}`,
  legalEntity: (accountId, id, _key, when) => sql`select ic.incident_id, ic.data from incident_companies ic
     where ${when}ic.account_id = ${accountId} and ic.person_id = ${id}`,
  vehicle: (accountId, _id, key, when) => sql`select iv.incident_id, iv.data from incident_vehicles iv
     where ${when}iv.account_id = ${accountId} and iv.vehicle_key = ${key}`,
};

/**
 * The incidents a subject appears on, as rows (incident_id, data), the data being its card on that
 * incident; `id` and `key` are SQL of the subject (key: the vehicle's key, else null). A known kind
 * reads its own table only; a kind given as SQL (a column of the list's page) makes a union whose
 * other branches are cut by their kind's constant condition.
 */
export function subjectCardsSql(accountId: string, kind: SQL | SubjectKind, id: SQL, key: SQL): SQL {
  if (typeof kind === 'string') return sql`(${BRANCHES[kind](accountId, id, key, sql``)})`;
  const branches = SUBJECT_KINDS.map((each) => BRANCHES[each](accountId, id, key, sql`${kind} = ${each} and `));
  return sql`(${sql.join(branches, sql` union all `)})`;
}

/**
 * The incidents of the subject the user may see (the incident policy's own condition, so a locked
 * incident without INCIDENT_LOCK, or another user's for the own-incident privileges, is left out),
 * joined as `i` with the subject's card as `c`.
 */
export function visibleSubjectIncidentsSql(principal: Principal, kind: SQL | SubjectKind, id: SQL, key: SQL): SQL {
  return sql`${subjectCardsSql(principal.accountId, kind, id, key)} c
    join incidents i on i.id = c.incident_id and i.account_id = ${principal.accountId}
   where ${visibleIncidentsSql(principal)}`;
}

/** The company's calendar day at `at` (default now), in its time zone (accounts.time_zone). */
export const companyTodaySql = (accountId: string, at: Date | null = null) =>
  sql`(select (coalesce(${at ? at.toISOString() : null}::timestamptz, now()) at time zone a.time_zone)::date
         from accounts a where a.id = ${accountId})`;

/** A ban of alias `b` in force on the day `today` (SQL of a date). */
export const banActiveSql = (today: SQL) =>
  sql`b.revoked_at is null and b.start_date <= ${today} and (b.end_date is null or b.end_date >= ${today})`;

/** What a ban of alias `b` is on `today`: active, upcoming, expired or revoked. */
export const banStatusSql = (today: SQL) => sql`case
  when b.revoked_at is not null then 'revoked'
  when b.start_date > ${today} then 'upcoming'
  when b.end_date is not null and b.end_date < ${today} then 'expired'
  else 'active' end`;

/** The strongest first: a ban, then a trespass notice, then a watch. */
export const banStrengthSql = sql`case b.ban_type when 'ban' then 0 when 'trespass' then 1 else 2 end`;

/** The strongest ban type in force on the subject (kind, id as SQL), or null. */
export function activeBanTypeSql(accountId: string, kind: SQL, id: SQL, today: SQL): SQL {
  return sql`(select b.ban_type from subject_bans b
     where b.account_id = ${accountId} and b.subject_kind = ${kind} and b.subject_id = ${id} and ${banActiveSql(today)}
     order by ${banStrengthSql} limit 1)`;
}

/** The subject's row of its register table, or none: the existence check of every subject route. */
export function subjectExistsSql(accountId: string, kind: SubjectKind, id: string): SQL {
  if (kind === 'vehicle')
    return sql`select 1 from subject_vehicles v where v.id = ${id} and v.account_id = ${accountId}`;
  const personType = kind === 'person' ? 0 : 1;
  return sql`select 1 from parties p where p.id = ${id} and p.account_id = ${accountId}
    and p.person_type = ${personType} and not p.is_owner`;
}

/** The columns of a ban's terms, as read from alias `b`. */
export const banTermsColumns = sql`b.id, b.subject_kind, b.subject_id, b.ban_type, b.reason,
  b.location_ids::text[] as location_ids, b.start_date::text as start_date, b.end_date::text as end_date`;

/** A ban's terms as read by banTermsColumns. */
export interface BanTermsRow {
  id: string;
  subject_kind: SubjectKind;
  subject_id: string;
  ban_type: BanType;
  reason: string;
  location_ids: string[];
  start_date: string;
  end_date: string | null;
}

/** A ban's terms as the answers, the alert step and the audit entries carry them. */
export const banTerms = (row: BanTermsRow) => ({
  subjectKind: row.subject_kind,
  subjectId: row.subject_id,
  banType: row.ban_type,
  reason: row.reason,
  locationIds: row.location_ids,
  startDate: row.start_date,
  endDate: row.end_date,
});

/** The search looks at the first few words typed, like the register's person search. */
const MAX_NAME_WORDS = 6;
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * ' and p.search_name like …' for each word of `q` (case and accents ignored, at most
 * MAX_NAME_WORDS): a register record (alias p) whose name holds every word typed.
 */
export function nameWordsSql(q: string): SQL {
  const words = [...new Set(searchText(q).split(' ').filter(Boolean))].slice(0, MAX_NAME_WORDS);
  return sql.join(
    words.map((word) => sql` and p.search_name like ${`%${escapeLike(word)}%`}`),
    sql``,
  );
}
