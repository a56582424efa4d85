import type { IncidentDetail } from '@blotter/shared/schemas/incident-view';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { incidentKeys, refreshIncident } from './incident-keys';

/** POST /incidents/open/{id}: reopens a closed incident (status Open, close block cleared). */
export function reopenIncident(id: string): Promise<IncidentDetail> {
  return apiFetch<IncidentDetail>(`/incidents/open/${encodeURIComponent(id)}`, { method: 'POST' });
}

export function useReopenIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenIncident,
    onSuccess: (detail, id) => {
      queryClient.setQueryData(incidentKeys.detail(id), detail);
      return refreshIncident(queryClient, id);
    },
  });
}
