import type { HistoryEntry } from '@blotter/shared/schemas/incident-view';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /incidents/{id}/history: one row per change, newest first. */
export function getIncidentHistory(id: string, signal?: AbortSignal): Promise<HistoryEntry[]> {
  return apiFetch<HistoryEntry[]>(`/incidents/${encodeURIComponent(id)}/history`, { signal });
}

export const incidentHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.incidents.history(id),
    queryFn: ({ signal }) => getIncidentHistory(id, signal),
    staleTime: 0,
  });

export function useIncidentHistory(id: string, enabled = true) {
  return useQuery({ ...incidentHistoryQueryOptions(id), enabled });
}
