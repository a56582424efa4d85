import type { SearchPage, SearchRequest } from '@blotter/shared/schemas/search';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { type PageParams, pageQueryString } from '../../../lib/page-query';
import { queryKeys } from '../../../lib/query-keys';
import { runSearchReport } from './run-search-report';

/** POST /incidents/search?p=&psz=: a page of the incidents matching the criteria, newest first, with the total. */
export function searchIncidents(request: SearchRequest, params: PageParams, signal?: AbortSignal): Promise<SearchPage> {
  return apiFetch<SearchPage>(`/incidents/search?${pageQueryString(params)}`, {
    method: 'POST',
    body: request,
    signal,
  });
}

/**
 * One run of a search: its criteria and audit title, and a number telling runs of the same criteria
 * apart. A run of a saved search report names it: its pages are then read by running the report
 * (GET /reports/custom/{id}, audited as a REPORT run), with the same criteria.
 */
export interface SearchRun {
  seq: number;
  request: SearchRequest;
  reportId?: string;
}

/** A page of a run: of the search, or of the report it runs. */
export function searchRunPage(run: SearchRun, params: PageParams, signal?: AbortSignal): Promise<SearchPage> {
  return run.reportId ? runSearchReport(run.reportId, params, signal) : searchIncidents(run.request, params, signal);
}

let lastRun = 0;
/** A number no other run of this tab has: every Search click and every opening of a saved search asks the server again. */
export const nextRunSeq = () => ++lastRun;

export const searchIncidentsQueryOptions = (run: SearchRun, params: PageParams) =>
  queryOptions({
    queryKey: queryKeys.search.page(run.seq, run.request, params),
    queryFn: ({ signal }) => searchRunPage(run, params, signal),
    // Each read is an audited search: a page is asked again only by a new run or a refresh.
    staleTime: Number.POSITIVE_INFINITY,
    // The page shown stays while the next one loads, so the table keeps its height and pager.
    placeholderData: keepPreviousData,
  });

/** The page of a search run; nothing until the first run. */
export function useSearchIncidents(run: SearchRun | undefined, params: PageParams) {
  return useQuery({
    ...searchIncidentsQueryOptions(run ?? { seq: 0, request: { criteria: {} } }, params),
    enabled: run !== undefined,
  });
}
