import type {
  SearchCount,
  SearchPage,
  SearchRequest,
  SearchResultsPage,
  SearchResultsQuery,
} from '@blotter/shared/schemas/search';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { type PageParams, pageQueryString } from '../../../lib/page-query';
import { queryKeys } from '../../../lib/query-keys';
import { runSearchReport } from './run-search-report';

/**
 * POST /incidents/search?p=&psz=: a page of the incidents matching the criteria, newest first, with
 * the total; with `total: 'deferred'` the page comes first and its total may be null (see countSearch).
 */
export function searchIncidents(request: SearchRequest, params: PageParams, signal?: AbortSignal): Promise<SearchPage>;
export function searchIncidents(
  request: SearchRequest,
  params: PageParams,
  signal: AbortSignal | undefined,
  total: SearchResultsQuery['total'],
): Promise<SearchResultsPage>;
export function searchIncidents(
  request: SearchRequest,
  params: PageParams,
  signal?: AbortSignal,
  total: SearchResultsQuery['total'] = 'counted',
): Promise<SearchResultsPage> {
  const query = new URLSearchParams(pageQueryString(params));
  if (total !== 'counted') query.set('total', total);
  return apiFetch<SearchResultsPage>(`/incidents/search?${query}`, { method: 'POST', body: request, signal });
}

/**
 * POST /incidents/search/count: how many incidents the criteria find. Exact up to 10,000 (else
 * 10,000 with totalCapped), but criteria that search texts only up to 1,000 (else 1,000 with
 * totalCapped) unless `exact` asks for the full count.
 */
export function countSearch(request: SearchRequest, signal?: AbortSignal, exact = false): Promise<SearchCount> {
  return apiFetch<SearchCount>('/incidents/search/count', {
    method: 'POST',
    body: { criteria: request.criteria, ...(exact ? { exact } : {}) },
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

/** A page of a run with its total: of the search, or of the report it runs (printing and reading every page). */
export function searchRunPage(run: SearchRun, params: PageParams, signal?: AbortSignal): Promise<SearchPage> {
  return run.reportId ? runSearchReport(run.reportId, params, signal) : searchIncidents(run.request, params, signal);
}

/**
 * A page of a run as the results list shows it: a search's rows come first, their total may follow
 * (null: useSearchCount asks for it); a report's page carries its total.
 */
function searchRunResults(run: SearchRun, params: PageParams, signal?: AbortSignal): Promise<SearchResultsPage> {
  return run.reportId
    ? runSearchReport(run.reportId, params, signal)
    : searchIncidents(run.request, params, signal, 'deferred');
}

let lastRun = 0;
/** A number no other run of this tab has: every Search click and every opening of a saved search asks the server again. */
export const nextRunSeq = () => ++lastRun;

export const searchIncidentsQueryOptions = (run: SearchRun, params: PageParams) =>
  queryOptions({
    queryKey: queryKeys.search.page(run.seq, run.request, params),
    queryFn: ({ signal }) => searchRunResults(run, params, signal),
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

/**
 * The total of a search run, asked once per run (not per page) as soon as it starts, beside its first
 * page, so it arrives soon after the rows when their page could not tell it; a report run's pages
 * carry their total and never ask.
 */
export function useSearchCount(run: SearchRun | undefined) {
  return useQuery({
    queryKey: queryKeys.search.count(run?.seq ?? 0, run?.request),
    queryFn: ({ signal }) => countSearch(run?.request ?? { criteria: {} }, signal),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: run !== undefined && run.reportId === undefined,
  });
}

/** The exact total of a search run ('Count all' after a quick '1,000+'), asked once `asked` is true. */
export function useExactSearchCount(run: SearchRun, asked: boolean) {
  return useQuery({
    queryKey: queryKeys.search.count(run.seq, run.request, true),
    queryFn: ({ signal }) => countSearch(run.request, signal, true),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: asked && run.reportId === undefined,
  });
}
