import type { Page } from '@blotter/shared/schemas/common';
import type { DraftRow } from '@blotter/shared/schemas/incidents';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/**
 * Every query of the draft list (pages and counts): invalidating it refreshes them all, and never
 * a working copy's own queries (['draftIncidents', id, …]).
 */
export const draftIncidentsQueryKey = ['draftIncidents', 'list'] as const;

/** A page of GET /draftIncidents: page p (from 0) of psz rows, optionally of one status (0 draft, 3 editing). */
export interface DraftPageParams {
  status?: number;
  p: number;
  psz: number;
}

/** GET /draftIncidents: a page of the user's drafts and incidents being edited, newest change first, with the total. */
export function getDraftIncidents(params: DraftPageParams, signal?: AbortSignal): Promise<Page<DraftRow>> {
  const query = new URLSearchParams({ p: String(params.p), psz: String(params.psz) });
  if (params.status !== undefined) query.set('status', String(params.status));
  return apiFetch<Page<DraftRow>>(`/draftIncidents?${query}`, { signal });
}

export const draftIncidentsQueryOptions = (params: DraftPageParams) =>
  queryOptions({
    queryKey: [...draftIncidentsQueryKey, 'page', params] as const,
    queryFn: ({ signal }) => getDraftIncidents(params, signal),
    placeholderData: keepPreviousData,
  });

export function useDraftIncidents(params: DraftPageParams) {
  return useQuery(draftIncidentsQueryOptions(params));
}
