import type { Page } from '@blotter/shared/schemas/common';
import type { IncidentRow } from '@blotter/shared/schemas/incidents';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** Every query of the user's incidents (pages and counts): invalidating it refreshes them all. */
export const myIncidentsQueryKey = ['incidents', 'my'] as const;

/** A page of GET /incidents/my: page p (from 0) of psz rows, optionally of one status (1 open, 2 closed). */
export interface MyIncidentsPageParams {
  status?: number;
  p: number;
  psz: number;
}

/** GET /incidents/my: a page of the incidents the user entered or investigates, newest first, with the total. */
export function getMyIncidents(params: MyIncidentsPageParams, signal?: AbortSignal): Promise<Page<IncidentRow>> {
  const query = new URLSearchParams({ p: String(params.p), psz: String(params.psz) });
  if (params.status !== undefined) query.set('status', String(params.status));
  return apiFetch<Page<IncidentRow>>(`/incidents/my?${query}`, { signal });
}

export const myIncidentsQueryOptions = (params: MyIncidentsPageParams) =>
  queryOptions({
    queryKey: [...myIncidentsQueryKey, 'page', params] as const,
    queryFn: ({ signal }) => getMyIncidents(params, signal),
    // The page shown stays while the next one loads, so the table keeps its height and pager.
    placeholderData: keepPreviousData,
  });

export function useMyIncidents(params: MyIncidentsPageParams) {
  return useQuery(myIncidentsQueryOptions(params));
}
