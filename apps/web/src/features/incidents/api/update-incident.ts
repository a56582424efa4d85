import type { IncidentSubmit } from '@blotter/shared/schemas/incident-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { IncidentCreated } from './create-incident';
import { refreshDashboardLists } from './refresh-dashboard-lists';

/** PUT /incidents: saves an open incident from its open-draft (status 3). */
export function updateIncident(id: string, incident: IncidentSubmit, draftId: string | null): Promise<IncidentCreated> {
  return apiFetch<IncidentCreated>('/incidents', { method: 'PUT', body: { ...incident, id, draftId } });
}

export function useUpdateIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, incident, draftId }: { id: string; incident: IncidentSubmit; draftId: string | null }) =>
      updateIncident(id, incident, draftId),
    onSuccess: () => refreshDashboardLists(queryClient, { drafts: true }),
  });
}
