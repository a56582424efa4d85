import type { IncidentCore } from '@blotter/shared/schemas/incidents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { myIncidentsQueryKey } from './get-my-incidents';

export interface IncidentCreated {
  id: string;
  number: number;
}

/** POST /incidents: submits a new incident; the answer carries its id and number. */
export function createIncident(incident: IncidentCore): Promise<IncidentCreated> {
  return apiFetch<IncidentCreated>('/incidents', { method: 'POST', body: incident });
}

export function useCreateIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIncident,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myIncidentsQueryKey }),
  });
}
