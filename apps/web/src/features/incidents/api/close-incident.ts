import type { CloseIncidentBody, IncidentDetail } from '@blotter/shared/schemas/incident-view';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { refreshDashboardLists } from './refresh-dashboard-lists';

/** POST /incidents/close/{id}: closes an open incident (the entry form's 'Close incident'). */
export function closeIncident(id: string, body: CloseIncidentBody): Promise<IncidentDetail> {
  return apiFetch<IncidentDetail>(`/incidents/close/${encodeURIComponent(id)}`, { method: 'POST', body });
}

export function useCloseIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CloseIncidentBody }) => closeIncident(id, body),
    onSuccess: () => refreshDashboardLists(queryClient, { drafts: true }),
  });
}
