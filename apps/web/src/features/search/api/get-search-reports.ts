import type { Page } from '@blotter/shared/schemas/common';
import type { SavedSearch } from '@blotter/shared/schemas/search';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { type PageParams, pageQueryString } from '../../../lib/page-query';
import { queryKeys } from '../../../lib/query-keys';

/** The Reports page reads the list this many cards at a time. */
export const REPORT_LIST_PAGE_SIZE = 24;

/** GET /reports/custom?p=&psz=: a page of the company's search reports, newest first, with the total. */
export function getSearchReports(params: PageParams, signal?: AbortSignal): Promise<Page<SavedSearch>> {
  return apiFetch<Page<SavedSearch>>(`/reports/custom?${pageQueryString(params)}`, { signal });
}

/** The pages of the company's search reports read so far, REPORT_LIST_PAGE_SIZE at a time. */
export const searchReportsInfiniteOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.searchReports.list,
    queryFn: ({ pageParam, signal }) => getSearchReports({ p: pageParam, psz: REPORT_LIST_PAGE_SIZE }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (pages.length * REPORT_LIST_PAGE_SIZE < last.total ? pages.length : undefined),
  });

export function useSearchReports() {
  return useInfiniteQuery(searchReportsInfiniteOptions());
}
