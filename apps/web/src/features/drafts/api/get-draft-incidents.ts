import type { DraftRow } from '@blotter/shared/schemas/incidents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const draftIncidentsQueryKey = ['draftIncidents'] as const;

/** GET /draftIncidents: the user's drafts (status 0) and incidents being edited (status 3). */
export function getDraftIncidents(signal?: AbortSignal): Promise<DraftRow[]> {
  return apiFetch<DraftRow[]>('/draftIncidents', { signal });
}

export const draftIncidentsQueryOptions = () =>
  queryOptions({ queryKey: draftIncidentsQueryKey, queryFn: ({ signal }) => getDraftIncidents(signal) });

export function useDraftIncidents() {
  return useQuery(draftIncidentsQueryOptions());
}
