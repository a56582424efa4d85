import type { CloseIncidentBody, IncidentDetail } from '@blotter/shared/schemas/incident-view';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshIncident } from './refresh-incident';

/** POST /incidents/close/{id}: closes an open incident; answers the closed incident. */
export function closeIncident(id: string, body: CloseIncidentBody): Promise<IncidentDetail> {
  return apiFetch<IncidentDetail>(`/incidents/close/${encodeURIComponent(id)}`, { method: 'POST', body });
}

export function useCloseIncident(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CloseIncidentBody) => closeIncident(id, body),
    onSuccess: (detail) => {
      queryClient.setQueryData(queryKeys.incidents.detail(id), detail);
      return refreshIncident(queryClient, id);
    },
  });
}
