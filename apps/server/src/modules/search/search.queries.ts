import {
  hasPrivilege,
  INCIDENT_STATUS,
  type IncidentRow,
  type PageQuery,
  SEARCH_TOTAL_CAP,
  type SearchCount,
  type SearchCriteria,
  type SearchPage,
} from '@blotter/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Principal } from '../../plugins/auth';
import { incidentRowsSql } from '../incidents/incidents.queries';
import { criteriaConditions } from './search-criteria';
import type { SearchClock } from './search-dates';

export type { SearchClock };

/** Newest first; the number is unique in a company, so pages never overlap. */
const NEWEST_FIRST = sql`i.number desc`;

/**
 * What a search may find (spec 2 §4, §6): saved incidents (Open or Closed, never drafts or working
 * copies) of the user's company; without ALLINCIDENT_SEARCH only those they created; locked ones
 * only with INCIDENT_LOCK.
 */
export function searchableSql(principal: Principal): SQL {
  const conditions = [
    sql`i.account_id = ${principal.accountId}`,
    sql`i.status in (${INCIDENT_STATUS.OPEN}, ${INCIDENT_STATUS.CLOSED})`,
  ];
  if (!hasPrivilege(principal, 'ALLINCIDENT_SEARCH')) conditions.push(sql`i.create_user_id = ${principal.userId}`);
  if (!hasPrivilege(principal, 'INCIDENT_LOCK')) conditions.push(sql`not i.locked`);
  return sql.join(conditions, sql` and `);
}

/** The incidents (aliased `i`) the principal may find that meet the criteria. */
export function searchWhere(principal: Principal, criteria: SearchCriteria, clock: SearchClock): SQL {
  return sql.join([searchableSql(principal), ...criteriaConditions(criteria, clock)], sql` and `);
}

/** Counts at most one past the cap: a search matching a million incidents never counts them all. */
const cappedCountSql = (where: SQL) =>
  sql`select count(*)::int from (select 1 from incidents i where ${where} limit ${SEARCH_TOTAL_CAP + 1}) matched`;

const capped = (count: number): SearchCount =>
  count > SEARCH_TOTAL_CAP ? { total: SEARCH_TOTAL_CAP, totalCapped: true } : { total: count, totalCapped: false };

/** The statement of one page of results and the (capped) total: one round trip, one snapshot. */
export function searchSql(principal: Principal, criteria: SearchCriteria, page: PageQuery, clock: SearchClock): SQL {
  const where = searchWhere(principal, criteria, clock);
  return sql`select (${incidentRowsSql(where, NEWEST_FIRST, page)}) as items, (${cappedCountSql(where)}) as total`;
}

/** A page of the incidents meeting the criteria, newest first, with the total (capped at SEARCH_TOTAL_CAP). */
export async function searchIncidents(
  tx: Executor,
  principal: Principal,
  criteria: SearchCriteria,
  page: PageQuery,
  clock: SearchClock,
): Promise<SearchPage> {
  const result = (await tx.execute(searchSql(principal, criteria, page, clock))) as unknown as {
    rows: { items: IncidentRow[]; total: number }[];
  };
  const row = result.rows[0];
  return { items: row?.items ?? [], page: page.p, pageSize: page.psz, ...capped(row?.total ?? 0) };
}

/** How many incidents meet the criteria (capped): a dashboard card's number. */
export async function countIncidents(
  tx: Executor,
  principal: Principal,
  criteria: SearchCriteria,
  clock: SearchClock,
): Promise<SearchCount> {
  const result = (await tx.execute(cappedCountSql(searchWhere(principal, criteria, clock)))) as unknown as {
    rows: { count: number }[];
  };
  return capped(result.rows[0]?.count ?? 0);
}

/**
 * The next `size` results after the incident numbered `before` (all from the newest when null), for
 * the export: keyset paging, so each batch reads only its rows however deep the export is.
 */
export async function searchBatch(
  tx: Executor,
  where: SQL,
  before: number | null,
  size: number,
): Promise<IncidentRow[]> {
  const after = before === null ? where : sql`${where} and i.number < ${before}`;
  const result = (await tx.execute(
    sql`select (${incidentRowsSql(after, NEWEST_FIRST, { p: 0, psz: size })}) as items`,
  )) as unknown as {
    rows: { items: IncidentRow[] }[];
  };
  return result.rows[0]?.items ?? [];
}
