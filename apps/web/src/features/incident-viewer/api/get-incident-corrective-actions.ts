import type { CorrectiveAction } from '@blotter/shared/schemas/incident-parts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { incidentKeys } from './incident-keys';

/** GET /incidents/{id}/correctiveActions: the corrective action cards. */
export function getIncidentCorrectiveActions(id: string, signal?: AbortSignal): Promise<CorrectiveAction[]> {
  return apiFetch<CorrectiveAction[]>(`/incidents/${encodeURIComponent(id)}/correctiveActions`, { signal });
}

export const getIncidentCorrectiveActionsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: incidentKeys.part(id, 'correctiveActions'),
    queryFn: ({ signal }) => getIncidentCorrectiveActions(id, signal),
    staleTime: 0,
  });

export function useIncidentCorrectiveActions(id: string, enabled = true) {
  return useQuery({ ...getIncidentCorrectiveActionsQueryOptions(id), enabled });
}
