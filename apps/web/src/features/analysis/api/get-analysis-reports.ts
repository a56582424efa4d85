import type { SavedAnalysis } from '@blotter/shared/schemas/analysis';
import type { Page } from '@blotter/shared/schemas/common';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { type PageParams, pageQueryString } from '../../../lib/page-query';
import { queryKeys } from '../../../lib/query-keys';

/** The Reports page reads the chart reports this many at a time. */
const CHART_REPORTS_PAGE_SIZE = 24;

/** GET /analysis/reports?p=&psz=: a page of the company's chart reports, newest first, with the total. */
export function getAnalysisReports(params: PageParams, signal?: AbortSignal): Promise<Page<SavedAnalysis>> {
  return apiFetch<Page<SavedAnalysis>>(`/analysis/reports?${pageQueryString(params)}`, { signal });
}

/** The pages of the company's chart reports read so far (not read on a phone, where they are hidden). */
export const analysisReportsInfiniteOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.analysisReports.list,
    queryFn: ({ pageParam, signal }) => getAnalysisReports({ p: pageParam, psz: CHART_REPORTS_PAGE_SIZE }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (pages.length * CHART_REPORTS_PAGE_SIZE < last.total ? pages.length : undefined),
  });

export function useAnalysisReports(enabled: boolean) {
  return useInfiniteQuery({ ...analysisReportsInfiniteOptions(), enabled });
}
