import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /incidentNotifications/{id}. */
export function deleteIncidentNotification(id: string): Promise<void> {
  return apiFetch<void>(`/incidentNotifications/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteIncidentNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIncidentNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.incidentNotifications.all }),
  });
}
