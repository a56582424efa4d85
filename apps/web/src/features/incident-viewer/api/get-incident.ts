import type { IncidentDetail } from '@blotter/shared/schemas/incident-view';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /incidents/{id}: the incident without its parts, with the part counts and the user's actions. */
export function getIncident(id: string, signal?: AbortSignal): Promise<IncidentDetail> {
  return apiFetch<IncidentDetail>(`/incidents/${encodeURIComponent(id)}`, { signal });
}

export const incidentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.incidents.detail(id),
    queryFn: ({ signal }) => getIncident(id, signal),
    staleTime: 0,
  });

export function useIncident(id: string, enabled = true) {
  return useQuery({ ...incidentQueryOptions(id), enabled });
}
