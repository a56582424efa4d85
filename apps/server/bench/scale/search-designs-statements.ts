import { DEFAULT_SEARCH_SORT, type PageQuery, SEARCH_TOTAL_CAP, type SearchCriteria } from '@blotter/shared';
import { type SQL, sql } from 'drizzle-orm';
import { incidents } from '../../src/db/schema/index';
import { incidentRowsOf } from '../../src/modules/incidents/incidents.queries';
import { SEARCH_WALK_ROWS, searchableSql } from '../../src/modules/search/search.queries';
import { sortColumns, sortOrder } from '../../src/modules/search/search-order';
import type { Principal } from '../../src/plugins/auth';

/**
 * The statements the searchDesigns bench times, over any table of search rows (the real view
 * search_incidents or a scratch copy) and any WHERE: the shapes of search.queries.ts (the
 * rows-first page of searchResultsSql: the plain page, or for criteria with dates the walk of the
 * newest SEARCH_WALK_ROWS, then the gathered matches, then the sort's index; and the capped count),
 * copied here because the production builders read the view and build their WHERE themselves.
 */
const sort = DEFAULT_SEARCH_SORT;

const rowsOf = (page: SQL, order: SQL) => incidentRowsOf(sql`${incidents} i join ${page} m on m.id = i.id`, order);

/** The first page's statement (rows first, no total), as searchResultsSql shapes it. */
export function pageStatement(
  table: SQL,
  principal: Principal,
  criteria: SearchCriteria,
  where: SQL,
  page: PageQuery,
): SQL {
  const order = sortOrder(sort, 'i');
  const offset = page.p * page.psz;
  const hasDates = (criteria.dateReported?.values.length ?? 0) > 0 || (criteria.dateOccurred?.values.length ?? 0) > 0;
  if (!hasDates) {
    return sql`with page as materialized (select i.id, i.number from ${table} i
        where ${where} order by ${order} limit ${page.psz} offset ${offset})
      select (${rowsOf(sql`page`, order)}) as items`;
  }
  const cut = sql`order by ${sortOrder(sort)} limit ${page.psz} offset ${offset}`;
  const carried = sortColumns(sort).map((column) => sql`, i.${column}`);
  const need = offset + page.psz;
  const walked = sql`(select count(*) from walk)`;
  const gathered = sql`(select count(*) from gathered)`;
  return sql`with walk as materialized (
      select i.id, i.number${sql.join(carried)}
        from (select * from ${table} i where ${searchableSql(principal)} order by ${order} limit ${SEARCH_WALK_ROWS}) i
        where ${where} order by ${order} limit ${need}),
    gathered as materialized (
      select i.id, i.number${sql.join(carried)} from ${table} i
        where ${walked} < ${need} and ${where} limit ${SEARCH_TOTAL_CAP + 1}),
    page as materialized (
      (select id, number from walk where ${walked} = ${need} ${cut})
      union all
      (select id, number from gathered where ${walked} < ${need} and ${gathered} <= ${SEARCH_TOTAL_CAP} ${cut})
      union all
      (select i.id, i.number from ${table} i
        where ${walked} < ${need} and ${gathered} > ${SEARCH_TOTAL_CAP} and ${where} ${cut}))
    select (${rowsOf(sql`page`, order)}) as items`;
}

/** How many rows match, counted up to `cap` + 1 (the count call's statement with its cap). */
export const countStatement = (table: SQL, where: SQL, cap: number) =>
  sql`select count(*)::int as count from (select 1 from ${table} i where ${where} limit ${cap + 1}) matched`;
