import type { SearchSort, SearchSortColumn } from '@blotter/shared';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The columns of each sort, in order, all in the sort's direction. Each sort's leading columns are
 * those of an index of the search projection (migration 0014: (account_id, number),
 * (account_id, reported_date), (account_id, occurred_date), (account_id, status, reported_date)),
 * so the page of a search matching more than the count cap is read along that index, forwards or
 * backwards, without sorting the matches; the number (unique in a company) and then the id break
 * the remaining ties, so the order is total and pages never overlap.
 */
const ORDER_COLUMNS: Record<SearchSortColumn, readonly string[]> = {
  number: ['number'],
  reportedDate: ['reported_date', 'number', 'id'],
  occurredDate: ['occurred_date', 'number', 'id'],
  status: ['status', 'reported_date', 'number', 'id'],
};

/** The columns a sort reads besides id and number (carried by the CTEs that cut the page). */
export function sortColumns(sort: SearchSort): SQL[] {
  return ORDER_COLUMNS[sort.by].filter((name) => name !== 'id' && name !== 'number').map((name) => sql.raw(name));
}

/**
 * The ORDER BY list of a sort, over the columns of `alias` (or unqualified). The names come from the
 * table above, never from the request, and the direction is one of two words.
 */
export function sortOrder(sort: SearchSort, alias?: string): SQL {
  const direction = sort.direction === 'asc' ? 'asc' : 'desc';
  const prefix = alias ? `${alias}.` : '';
  return sql.raw(ORDER_COLUMNS[sort.by].map((name) => `${prefix}${name} ${direction}`).join(', '));
}
