import { CLOSE_MESSAGES, type IncidentDetail } from '@blotter/shared/schemas/incident-view';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { toastError } from '../../../lib/toast';
import { refreshIncident } from './refresh-incident';

/** POST /incidents/lock/{id}: hides the incident from users without INCIDENT_LOCK; answers the incident. */
export function lockIncident(id: string): Promise<IncidentDetail> {
  return apiFetch<IncidentDetail>(`/incidents/lock/${encodeURIComponent(id)}`, { method: 'POST' });
}

export function useLockIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: lockIncident,
    onSuccess: (detail, id) => {
      queryClient.setQueryData(queryKeys.incidents.detail(id), detail);
      return refreshIncident(queryClient, id);
    },
    // The server's message is shown first (the client's error toast), then this one (spec 1 §8).
    onError: () => toastError(CLOSE_MESSAGES.lockFailed),
  });
}
