import type { IncidentDetail } from '@blotter/shared/schemas/incident-view';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshIncident } from './refresh-incident';

/** POST /incidents/open/{id}: reopens a closed incident (status Open, close block cleared). */
export function reopenIncident(id: string): Promise<IncidentDetail> {
  return apiFetch<IncidentDetail>(`/incidents/open/${encodeURIComponent(id)}`, { method: 'POST' });
}

export function useReopenIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenIncident,
    onSuccess: (detail, id) => {
      queryClient.setQueryData(queryKeys.incidents.detail(id), detail);
      return refreshIncident(queryClient, id);
    },
  });
}
