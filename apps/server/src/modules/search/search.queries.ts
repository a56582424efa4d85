import {
  DEFAULT_SEARCH_SORT,
  hasCriteria,
  hasPrivilege,
  INCIDENT_SEARCH_MESSAGES,
  INCIDENT_STATUS,
  type IncidentRow,
  type PageQuery,
  SEARCH_TOTAL_CAP,
  type SearchCount,
  type SearchCriteria,
  type SearchPage,
  type SearchSort,
} from '@blotter/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { incidents } from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { badRequest } from '../../plugins/errors';
import { incidentRowJson, incidentRowsOf } from '../incidents/incidents.queries';
import { criteriaConditions, resolveSubtrees, type Subtrees } from './search-criteria';
import type { SearchClock } from './search-dates';
import { sortColumns, sortOrder } from './search-order';

export type { SearchClock };

/** The SQLSTATE of a database error, wrapped by drizzle or not. */
const sqlState = (error: unknown): string | undefined => {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
};

/**
 * Runs a search statement. The time zone is checked against the runtime's list, but a zone the
 * database's own tzdata lacks (22023 'time zone not recognized') is still the user's input: 400.
 */
export async function execute<Row>(tx: Executor, statement: SQL): Promise<Row[]> {
  try {
    return ((await tx.execute(statement)) as unknown as { rows: Row[] }).rows;
  } catch (error) {
    if (sqlState(error) === '22023') throw badRequest(INCIDENT_SEARCH_MESSAGES.invalidTimezone);
    throw error;
  }
}

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
export function searchWhere(
  principal: Principal,
  criteria: SearchCriteria,
  clock: SearchClock,
  subtrees: Subtrees = new Map(),
): SQL {
  // Requests are refused by their schema; this keeps a saved search whose criteria no longer read
  // (answered without them) from finding every incident.
  if (!hasCriteria(criteria)) throw badRequest(INCIDENT_SEARCH_MESSAGES.noCriteria);
  return sql.join([searchableSql(principal), ...criteriaConditions(criteria, clock, subtrees)], sql` and `);
}

/**
 * The list rows of the incidents named by `matched` (a CTE with id) in `order` (over the incident
 * `i` or the matched row `m`; total, so pages never overlap). Read from the tables, by id.
 */
const rowsOf = (matched: SQL, order: SQL, row: SQL = incidentRowJson) =>
  incidentRowsOf(sql`${incidents} i join ${matched} m on m.id = i.id`, order, row);

/**
 * The statement of one page of results and the (capped) total: one round trip, one snapshot.
 * The criteria are planned in CTEs of their own (MATERIALIZED), over the search views only, so no
 * table under row-level security shares their query level (see migration 0012). `matched` holds up
 * to SEARCH_TOTAL_CAP + 1 matches in whatever order the best plan finds them, with the columns the
 * sort reads; when there are no more than the cap, the page is cut from them (a few thousand rows
 * sorted), else read in the sort's order along its index (search-order.ts), where matches are then
 * dense enough to come soon. Only one branch runs.
 */
export function searchSql(
  principal: Principal,
  criteria: SearchCriteria,
  page: PageQuery,
  clock: SearchClock,
  subtrees: Subtrees = new Map(),
  sort: SearchSort = DEFAULT_SEARCH_SORT,
): SQL {
  const where = searchWhere(principal, criteria, clock, subtrees);
  const cut = sql`order by ${sortOrder(sort)} limit ${page.psz} offset ${page.p * page.psz}`;
  const carried = sortColumns(sort).map((column) => sql`, i.${column}`);
  return sql`with matched as materialized (
      select i.id, i.number${sql.join(carried)} from search_incidents i where ${where} limit ${SEARCH_TOTAL_CAP + 1}),
    page as materialized (
      (select id, number from matched where (select count(*) from matched) <= ${SEARCH_TOTAL_CAP} ${cut})
      union all
      (select i.id, i.number from search_incidents i
        where (select count(*) from matched) > ${SEARCH_TOTAL_CAP} and ${where} ${cut}))
    select (${rowsOf(sql`page`, sortOrder(sort, 'i'))}) as items, (select count(*)::int from matched) as total`;
}

/** Counts at most one past the cap: a search matching a million incidents never counts them all. */
const cappedCountSql = (where: SQL) =>
  sql`select count(*)::int from (select 1 from search_incidents i where ${where} limit ${SEARCH_TOTAL_CAP + 1}) matched`;

const capped = (count: number): SearchCount =>
  count > SEARCH_TOTAL_CAP ? { total: SEARCH_TOTAL_CAP, totalCapped: true } : { total: count, totalCapped: false };

/** A page of the incidents meeting the criteria in `sort`'s order (newest first by default), with the total (capped at SEARCH_TOTAL_CAP). */
export async function searchIncidents(
  tx: Executor,
  principal: Principal,
  criteria: SearchCriteria,
  page: PageQuery,
  clock: SearchClock,
  sort: SearchSort = DEFAULT_SEARCH_SORT,
): Promise<SearchPage> {
  const subtrees = await resolveSubtrees(tx, criteria);
  const [row] = await execute<{ items: IncidentRow[]; total: number }>(
    tx,
    searchSql(principal, criteria, page, clock, subtrees, sort),
  );
  return { items: row?.items ?? [], page: page.p, pageSize: page.psz, ...capped(row?.total ?? 0) };
}

/** How many incidents meet the criteria (capped): a dashboard card's number. */
export async function countIncidents(
  tx: Executor,
  principal: Principal,
  criteria: SearchCriteria,
  clock: SearchClock,
): Promise<SearchCount> {
  const subtrees = await resolveSubtrees(tx, criteria);
  const [row] = await execute<{ count: number }>(tx, cappedCountSql(searchWhere(principal, criteria, clock, subtrees)));
  return capped(row?.count ?? 0);
}
