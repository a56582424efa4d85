import { z } from 'zod';

/**
 * The result columns a search can be sorted by, on the server (spec 2 §2 results; issue 27): each is
 * a column of the search projection with an index whose order the page can be read along, so a
 * sorted page of a million matches is read as cheaply as the default one. Ties are broken by the
 * incident number (newest first) and then the id, so pages never overlap.
 */
export const SEARCH_SORT_COLUMNS = ['number', 'reportedDate', 'occurredDate', 'status'] as const;
export type SearchSortColumn = (typeof SEARCH_SORT_COLUMNS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const SEARCH_SORT_MESSAGES = {
  column: 'Results can be sorted by number, date reported, date occurred or status.',
  direction: 'The sort direction is asc or desc.',
} as const;

export const searchSortSchema = z.object({
  by: z.enum(SEARCH_SORT_COLUMNS, SEARCH_SORT_MESSAGES.column),
  direction: z.enum(SORT_DIRECTIONS, SEARCH_SORT_MESSAGES.direction),
});
export type SearchSort = z.infer<typeof searchSortSchema>;

/** Newest first: what a search answers unless asked otherwise. */
export const DEFAULT_SEARCH_SORT: SearchSort = { by: 'number', direction: 'desc' };

export const isSearchSortColumn = (value: string): value is SearchSortColumn =>
  (SEARCH_SORT_COLUMNS as readonly string[]).includes(value);

/**
 * The sort after a click on a column's header: the sorted column turns around; another column
 * starts with its natural first order (the status Open first, numbers and dates newest first).
 */
export function nextSearchSort(current: SearchSort, by: SearchSortColumn): SearchSort {
  if (current.by === by) return { by, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { by, direction: by === 'status' ? 'asc' : 'desc' };
}

export const sameSearchSort = (a: SearchSort, b: SearchSort) => a.by === b.by && a.direction === b.direction;
