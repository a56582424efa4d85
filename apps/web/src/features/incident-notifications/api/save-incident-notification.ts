import type { IncidentNotification, IncidentNotificationInput } from '@blotter/shared/schemas/incident-notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /incidentNotifications for a new rule (no id), PUT /incidentNotifications for a stored one. */
export function saveIncidentNotification(body: IncidentNotificationInput): Promise<IncidentNotification> {
  return apiFetch<IncidentNotification>('/incidentNotifications', { method: body.id ? 'PUT' : 'POST', body });
}

export function useSaveIncidentNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveIncidentNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.incidentNotifications.all }),
  });
}
