import type { IncidentSubmit } from '@blotter/shared/schemas/incident-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { refreshDashboardLists } from './refresh-dashboard-lists';

export interface IncidentCreated {
  id: string;
  number: number;
}

/** POST /incidents: submits a new incident from its draft (status Open, the company's next number). */
export function createIncident(incident: IncidentSubmit, draftId: string | null): Promise<IncidentCreated> {
  return apiFetch<IncidentCreated>('/incidents', { method: 'POST', body: { ...incident, draftId } });
}

export function useCreateIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ incident, draftId }: { incident: IncidentSubmit; draftId: string | null }) =>
      createIncident(incident, draftId),
    onSuccess: () => refreshDashboardLists(queryClient, { drafts: true }),
  });
}
