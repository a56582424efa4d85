import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { forgetIncident } from './refresh-incident';

/** DELETE /incidents/{id}: removes the incident (and its working copies) from every list. */
export function deleteIncident(id: string): Promise<void> {
  return apiFetch<void>(`/incidents/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteIncident() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteIncident, onSuccess: (_answer, id) => forgetIncident(queryClient, id) });
}
