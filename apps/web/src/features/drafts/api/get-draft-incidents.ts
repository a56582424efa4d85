import type { DraftRow } from '@blotter/shared/schemas/incidents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /draftIncidents: the user's drafts (status 0) and incidents being edited (status 3). */
export function getDraftIncidents(signal?: AbortSignal): Promise<DraftRow[]> {
  return apiFetch<DraftRow[]>('/draftIncidents', { signal });
}

export const draftIncidentsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.drafts.list, queryFn: ({ signal }) => getDraftIncidents(signal) });

export function useDraftIncidents() {
  return useQuery(draftIncidentsQueryOptions());
}
