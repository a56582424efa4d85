import { BAN_TYPES, type BanType, normalizePlatePart, type SubjectKind, type SubjectListQuery } from '@blotter/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Principal } from '../../plugins/auth';
import {
  activeBanTypeSql,
  companyTodaySql,
  escapeLike,
  incidentDateSql,
  nameWordsSql,
  visibleSubjectIncidentsSql,
} from './subject-sql';

export interface SubjectListRow {
  kind: SubjectKind;
  id: string;
  name: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  alias: string;
  plate: string;
  province: string;
  data: Record<string, unknown>;
  incident_count: number;
  latest_id: string | null;
  latest_number: number | null;
  latest_date: string | null;
  active_ban: BanType | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The table, alias and condition of one kind's subjects matching the search. */
function kindFilter(accountId: string, kind: SubjectKind, q: string): SQL {
  if (kind === 'vehicle') {
    const plate = normalizePlatePart(q);
    const match = plate ? sql` and v.vehicle_key like ${`%${escapeLike(plate)}%`}` : sql``;
    return sql`subject_vehicles v where v.account_id = ${accountId}${match}`;
  }
  const personType = kind === 'person' ? 0 : 1;
  return sql`parties p where p.account_id = ${accountId} and p.person_type = ${personType} and not p.is_owner${nameWordsSql(q)}`;
}

/** The candidates of one kind, in name order, at most `limit`: each from its own name index. */
function candidates(accountId: string, kind: SubjectKind, q: string, limit: number): SQL {
  const from = kindFilter(accountId, kind, q);
  if (kind === 'vehicle') {
    return sql`(select 'vehicle'::text as kind, v.id, lower(v.vehicle_key) as sort_name, v.vehicle_key as vkey
       from ${from} order by v.vehicle_key, v.id limit ${limit})`;
  }
  return sql`(select ${kind}::text as kind, p.id, p.search_name as sort_name, null::text as vkey
     from ${from} order by p.search_name, p.id limit ${limit})`;
}

/** The count of one kind's subjects matching the search (a count query on its index). */
const countOf = (accountId: string, kind: SubjectKind, q: string) =>
  sql`(select count(*) from ${kindFilter(accountId, kind, q)})`;

/** The statement of the list's page (see listSubjects); exported for the scale bench. */
export function subjectPageSql(principal: Principal, query: SubjectListQuery): SQL {
  const kinds = kindsOf(query);
  const limit = (query.p + 1) * query.psz;
  const accountId = principal.accountId;
  const union = sql.join(
    kinds.map((kind) => candidates(accountId, kind, query.q, limit)),
    sql` union all `,
  );
  const incidentsOf = visibleSubjectIncidentsSql(principal, sql`s.kind`, sql`s.id`, sql`s.vkey`);
  const today = companyTodaySql(accountId);
  return sql`
    with page as (select * from (${union}) u order by sort_name, id limit ${query.psz} offset ${query.p * query.psz}),
         today as materialized (select ${today} as day)
    select s.kind, s.id,
           coalesce(p.name, '') as name, coalesce(p.first_name, '') as first_name,
           coalesce(p.middle_name, '') as middle_name, coalesce(p.last_name, '') as last_name,
           coalesce(p.alias, '') as alias, coalesce(v.license_plate, '') as plate,
           coalesce(v.state_province, '') as province, coalesce(p.data, v.data) as data,
           n.incident_count, latest.id as latest_id, latest.number as latest_number, latest.date as latest_date,
           ${activeBanTypeSql(accountId, sql`s.kind`, sql`s.id`, sql`(select day from today)`)} as active_ban
      from page s
      left join parties p on s.kind <> 'vehicle' and p.id = s.id
      left join subject_vehicles v on s.kind = 'vehicle' and v.id = s.id
      cross join lateral (select count(distinct i.id)::int as incident_count from ${incidentsOf}) n
      left join lateral (
        select i.id, i.number, to_char(${incidentDateSql} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date
          from ${incidentsOf} order by ${incidentDateSql} desc, i.number desc limit 1) latest on true
     order by s.sort_name, s.id`;
}

/** The statement of the list's total: a count per kind (see listSubjects). */
export function subjectCountSql(principal: Principal, query: SubjectListQuery): SQL {
  const counts = kindsOf(query).map((kind) => countOf(principal.accountId, kind, query.q));
  return sql`select (${sql.join(counts, sql` + `)})::int as total`;
}

const kindsOf = (query: SubjectListQuery): SubjectKind[] =>
  query.kind ? [query.kind] : ['person', 'legalEntity', 'vehicle'];

/**
 * GET /subjects: one page of the company's subjects, by name. The page is chosen first (each kind
 * walks its name index for at most (p+1)·psz rows), and only its rows are counted: the incidents
 * the user may see, the latest of them and an active ban, each an index lookup per row, so the
 * first page never aggregates the company's incidents.
 */
export async function listSubjects(
  tx: Executor,
  principal: Principal,
  query: SubjectListQuery,
): Promise<{ rows: SubjectListRow[]; total: number }> {
  const result = await tx.execute(subjectPageSql(principal, query));
  const total = await tx.execute(subjectCountSql(principal, query));
  return {
    rows: rowsOf<SubjectListRow>(result).map((row) => ({
      ...row,
      active_ban: BAN_TYPES.includes(row.active_ban as BanType) ? row.active_ban : null,
    })),
    total: rowsOf<{ total: number }>(total)[0]?.total ?? 0,
  };
}
