import {
  DEFAULT_SEARCH_SORT,
  hasCriteria,
  hasPrivilege,
  INCIDENT_SEARCH_MESSAGES,
  INCIDENT_STATUS,
  type IncidentRow,
  type PageQuery,
  SEARCH_QUICK_TOTAL_CAP,
  SEARCH_TOTAL_CAP,
  type SearchCount,
  type SearchCriteria,
  type SearchPage,
  type SearchResultsPage,
  type SearchResultsQuery,
  type SearchSort,
} from '@blotter/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { incidents } from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { badRequest, forbidden } from '../../plugins/errors';
import { incidentRowJson, incidentRowsOf } from '../incidents/incidents.queries';
import { criteriaConditions, resolveSubtrees, type Subtrees } from './search-criteria';
import type { SearchClock } from './search-dates';
import { sortColumns, sortOrder } from './search-order';

export type { SearchClock };

type SearchTotalMode = SearchResultsQuery['total'];

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
  // Finding incidents by an active ban tells who is banned: the subjects' own privilege (issue 31).
  if ((criteria.activeBan?.values.length ?? 0) > 0 && !hasPrivilege(principal, 'SUBJECT_VIEW')) {
    throw forbidden(INCIDENT_SEARCH_MESSAGES.activeBanPrivilege);
  }
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

/**
 * Rows first (issue 29): before it gathers the matches of criteria with a date, the page walks this
 * many of the first incidents in the sort's order: 'last 30 days' or 'Open, last 365 days' has its
 * page there, after a few dozen rows.
 */
export const SEARCH_WALK_ROWS = 200;

/** Whether the criteria ask for dates: matches then crowd in one stretch of every sort's order. */
const hasDateCriteria = (criteria: SearchCriteria) =>
  (criteria.dateReported?.values.length ?? 0) > 0 || (criteria.dateOccurred?.values.length ?? 0) > 0;

/** Of a page: a short one (not past the end) ends the list, so its rows and the offset are the total; else null. */
const shortPageTotal = (page: PageQuery) =>
  sql`case when (select count(*) from page) < ${page.psz} and (${page.p * page.psz} = 0 or exists (select 1 from page))
    then ${page.p * page.psz} + (select count(*) from page)::int end`;

/**
 * The page as PostgreSQL plans it best, with no count (a short page tells the total): the rows-first
 * statement of criteria without dates, and what the scale bench holds every page statement to.
 */
export function plainPageSql(
  principal: Principal,
  criteria: SearchCriteria,
  page: PageQuery,
  clock: SearchClock,
  subtrees: Subtrees = new Map(),
  sort: SearchSort = DEFAULT_SEARCH_SORT,
): SQL {
  const order = sortOrder(sort, 'i');
  return sql`with page as materialized (select i.id, i.number from search_incidents i
      where ${searchWhere(principal, criteria, clock, subtrees)} order by ${order} limit ${page.psz} offset ${page.p * page.psz})
    select (${rowsOf(sql`page`, order)}) as items, ${shortPageTotal(page)} as total`;
}

/**
 * The statement of one page of results, rows first: its total only when reading the page told it.
 *
 * Criteria without dates: the page as the planner reads it best, with no count (measured on the
 * scale data set, it picks well between walking the sort's index, where matches are dense, and
 * gathering them by an index, where they are few); a short page tells the total.
 *
 * Criteria with dates find incidents crowded in one stretch of the order, which the planner does
 * not know (it takes matches as spread evenly: 'a week two years ago' walked two years of incidents,
 * 1.3 s). Their page is cut, in order:
 * 1. from `walk`: the first SEARCH_WALK_ROWS searchable incidents in the sort's order, checked until
 *    the page is full (recent dates);
 * 2. else from `gathered`: up to SEARCH_TOTAL_CAP + 1 matches in whatever order the date's index
 *    finds them, sorted (and their number is the total);
 * 3. else along the sort's index, where matches are then dense enough to come soon.
 * Only the steps needed run (a CTE is read only when a branch whose condition holds pulls it).
 */
export function searchResultsSql(
  principal: Principal,
  criteria: SearchCriteria,
  page: PageQuery,
  clock: SearchClock,
  subtrees: Subtrees = new Map(),
  sort: SearchSort = DEFAULT_SEARCH_SORT,
): SQL {
  if (!hasDateCriteria(criteria)) return plainPageSql(principal, criteria, page, clock, subtrees, sort);
  const where = searchWhere(principal, criteria, clock, subtrees);
  const order = sortOrder(sort, 'i');
  const offset = page.p * page.psz;
  const cut = sql`order by ${sortOrder(sort)} limit ${page.psz} offset ${offset}`;
  const carried = sortColumns(sort).map((column) => sql`, i.${column}`);
  const need = offset + page.psz;
  const walked = sql`(select count(*) from walk)`;
  const gathered = sql`(select count(*) from gathered)`;
  return sql`with walk as materialized (
      select i.id, i.number${sql.join(carried)}
        from (select * from search_incidents i where ${searchableSql(principal)} order by ${order} limit ${SEARCH_WALK_ROWS}) i
        where ${where} order by ${order} limit ${need}),
    gathered as materialized (
      select i.id, i.number${sql.join(carried)} from search_incidents i
        where ${walked} < ${need} and ${where} limit ${SEARCH_TOTAL_CAP + 1}),
    page as materialized (
      (select id, number from walk where ${walked} = ${need} ${cut})
      union all
      (select id, number from gathered where ${walked} < ${need} and ${gathered} <= ${SEARCH_TOTAL_CAP} ${cut})
      union all
      (select i.id, i.number from search_incidents i
        where ${walked} < ${need} and ${gathered} > ${SEARCH_TOTAL_CAP} and ${where} ${cut}))
    select (${rowsOf(sql`page`, order)}) as items,
      coalesce(case when ${walked} < ${need} and ${gathered} <= ${SEARCH_TOTAL_CAP} then ${gathered}::int end, ${shortPageTotal(page)}) as total`;
}

/** Counts at most one past the cap: a search matching a million incidents never counts them all. */
const cappedCountSql = (where: SQL) =>
  sql`select count(*)::int from (select 1 from search_incidents i where ${where} limit ${SEARCH_TOTAL_CAP + 1}) matched`;

/** A count up to `cap`: exact at or below it, else `cap` with totalCapped ('10,000+', '1,000+'). */
const capped = (count: number, cap: number = SEARCH_TOTAL_CAP): SearchCount =>
  count > cap ? { total: cap, totalCapped: true } : { total: count, totalCapped: false };

/**
 * A page of the incidents meeting the criteria in `sort`'s order (newest first by default), with the
 * total (capped at SEARCH_TOTAL_CAP); with `total: 'deferred'` the rows first, their total only when
 * reading them told it (else null: countIncidents answers it).
 */
export async function searchIncidents(
  tx: Executor,
  principal: Principal,
  criteria: SearchCriteria,
  page: PageQuery,
  clock: SearchClock,
  sort?: SearchSort,
): Promise<SearchPage>;
export async function searchIncidents(
  tx: Executor,
  principal: Principal,
  criteria: SearchCriteria,
  page: PageQuery,
  clock: SearchClock,
  sort: SearchSort | undefined,
  total: SearchTotalMode,
  lastSent?: () => void,
): Promise<SearchResultsPage>;
/** lastSent: called once the page's statement (the last) is sent, before its answer. */
export async function searchIncidents(
  tx: Executor,
  principal: Principal,
  criteria: SearchCriteria,
  page: PageQuery,
  clock: SearchClock,
  sort: SearchSort = DEFAULT_SEARCH_SORT,
  total: SearchTotalMode = 'counted',
  lastSent?: () => void,
): Promise<SearchResultsPage> {
  const subtrees = await resolveSubtrees(tx, criteria);
  const build = total === 'deferred' ? searchResultsSql : searchSql;
  const answer = execute<{ items: IncidentRow[]; total: number | null }>(
    tx,
    build(principal, criteria, page, clock, subtrees, sort),
  );
  lastSent?.();
  const [row] = await answer;
  const found = row?.total ?? (total === 'deferred' ? null : 0);
  return {
    items: row?.items ?? [],
    page: page.p,
    pageSize: page.psz,
    ...(found === null ? { total: null, totalCapped: false } : capped(found)),
  };
}

/** Incidents the sample of the exact count reads (picked at random among the company's numbers). */
export const COUNT_SAMPLE_SIZE = 2000;
/**
 * Incidents the sample of the quick count reads: half the time of the exact count's (about 5 ms at a
 * million incidents), and at a cap of 1,000 still enough to decide where the total is far above it
 * (texts in 2% of the incidents and more, whose trigram bitmap alone costs 10-70 ms).
 */
export const QUICK_COUNT_SAMPLE_SIZE = 1000;
/**
 * How far below its expectation a sample's count of matches may fall by chance, in standard
 * deviations (a count of matches in a random sample is about Poisson: its deviation is its square
 * root). At 3.5, a search whose true total is at most the cap is taken for more than the cap about
 * once in 30,000 counts at worst (a true total of exactly the cap); a true total of half the cap never.
 */
const SAMPLE_DEVIATIONS = 3.5;

/**
 * A random sample of the company's incidents, by number (numbers are dense in a company: 1 to its
 * highest): `size` numbers picked by a fixed hash, read by the number index, and how many of them
 * the criteria find. Answers whether the total is surely above `cap`: the matches in the sample,
 * less SAMPLE_DEVIATIONS of their deviation, scaled to the company's numbers, exceed it. Unlike the
 * newest incidents, a random sample is not fooled by criteria that find mostly recent (or old)
 * incidents; it reads only the company's rows, wherever they lie in the table.
 */
export async function surelyAboveCap(
  tx: Executor,
  principal: Principal,
  where: SQL,
  cap: number = SEARCH_TOTAL_CAP,
  size: number = COUNT_SAMPLE_SIZE,
): Promise<boolean> {
  const [row] = await execute<{ top: number | null; picked: number; found: number }>(
    tx,
    sql`with top as materialized (
        select max(i.number) as n from search_incidents i where i.account_id = ${principal.accountId}),
      picks as materialized (
        select distinct 1 + (hashint4(g) & 2147483647) % (select n from top) as number
          from generate_series(1, ${size}) g where (select n from top) > ${cap})
      select (select n from top) as top, (select count(*)::int from picks) as picked,
        (select count(*)::int from search_incidents i where i.number = any(array(select number from picks)) and ${where}) as found`,
  );
  if (!row?.top || row.picked === 0) return false;
  const low = row.found - SAMPLE_DEVIATIONS * Math.sqrt(row.found);
  return (low / row.picked) * row.top > cap;
}

/**
 * Whether the criteria search texts (cards, the address): their matches are counted by reading and
 * checking each candidate row (about 12 µs a match at a million incidents), where the other criteria
 * count 10,000 matches off their indexes in a few milliseconds, less than the sample costs (20 ms).
 */
export const hasTextCriteria = (criteria: SearchCriteria) =>
  (['person', 'company', 'vehicle', 'item', 'attachment', 'address'] as const).some(
    (kind) => (criteria[kind]?.values.length ?? 0) > 0,
  );

/**
 * The quick count of criteria that search texts, once the sample left it open: at most
 * SEARCH_QUICK_TOTAL_CAP + 1 matches. The matches are a MATERIALIZED CTE, which PostgreSQL plans for
 * reading every row (the trigram index's bitmap, then a check of each candidate) and runs only as far
 * as the count reads it. A LIMIT in the same query level is planned as a walk through the table
 * (every company's rows, in the order they lie) that stops at the 1,001st match: measured cheap for
 * 'police report' in the million-incident company, whose rows come first in the table, but a read of
 * the whole table wherever the matches lie late in it (another company's, or recent texts).
 */
const quickCountSql = (where: SQL) =>
  sql`with matched as materialized (select 1 from search_incidents i where ${where})
    select count(*)::int from (select 1 from matched limit ${SEARCH_QUICK_TOTAL_CAP + 1}) counted`;

const countOf = async (tx: Executor, statement: SQL) =>
  (await execute<{ count: number }>(tx, statement))[0]?.count ?? 0;

/**
 * How many incidents meet the criteria (capped): a dashboard card's number, and the search page's
 * total. Criteria without texts are counted up to SEARCH_TOTAL_CAP: their matches come off an index.
 * Criteria that search texts are counted quickly, up to SEARCH_QUICK_TOTAL_CAP ('1,000+' beyond it;
 * issue 29: each match costs a check of its row, 12-27 µs, so 10,000 of them up to 200 ms), unless
 * `exact` asks for the full count. Either way a random sample first answers capped without counting
 * where the total is surely above the cap (QUICK_COUNT_SAMPLE_SIZE incidents for the quick count,
 * COUNT_SAMPLE_SIZE for the exact one); else the matches are counted up to the cap.
 */
export async function countIncidents(
  tx: Executor,
  principal: Principal,
  criteria: SearchCriteria,
  clock: SearchClock,
  { exact = false }: { exact?: boolean } = {},
): Promise<SearchCount> {
  const subtrees = await resolveSubtrees(tx, criteria);
  const where = searchWhere(principal, criteria, clock, subtrees);
  if (!hasTextCriteria(criteria)) return capped(await countOf(tx, cappedCountSql(where)));
  if (!exact) {
    const cap = SEARCH_QUICK_TOTAL_CAP;
    if (await surelyAboveCap(tx, principal, where, cap, QUICK_COUNT_SAMPLE_SIZE)) return capped(cap + 1, cap);
    return capped(await countOf(tx, quickCountSql(where)), cap);
  }
  if (await surelyAboveCap(tx, principal, where)) return capped(SEARCH_TOTAL_CAP + 1);
  return capped(await countOf(tx, cappedCountSql(where)));
}
