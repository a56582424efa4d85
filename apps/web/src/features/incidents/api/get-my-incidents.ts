import type { Page } from '@blotter/shared/schemas/common';
import type { IncidentRow } from '@blotter/shared/schemas/incidents';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { type PageParams, pageQueryString } from '../../../lib/page-query';
import { queryKeys } from '../../../lib/query-keys';

/** GET /incidents/my: a page of the incidents the user entered or investigates, newest first, with the total. */
export function getMyIncidents(params: PageParams, signal?: AbortSignal): Promise<Page<IncidentRow>> {
  return apiFetch<Page<IncidentRow>>(`/incidents/my?${pageQueryString(params)}`, { signal });
}

export const myIncidentsQueryOptions = (params: PageParams) =>
  queryOptions({
    queryKey: queryKeys.incidents.myPage(params),
    queryFn: ({ signal }) => getMyIncidents(params, signal),
    // The page shown stays while the next one loads, so the table keeps its height and pager.
    placeholderData: keepPreviousData,
  });

export function useMyIncidents(params: PageParams) {
  return useQuery(myIncidentsQueryOptions(params));
}
