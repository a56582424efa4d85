import type { IncidentNotification } from '@blotter/shared/schemas/incident-notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /incidentNotifications: the company's rules (at most 100), oldest first. */
export function getIncidentNotifications(signal?: AbortSignal): Promise<IncidentNotification[]> {
  return apiFetch<IncidentNotification[]>('/incidentNotifications', { signal });
}

export const incidentNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.incidentNotifications.all,
    queryFn: ({ signal }) => getIncidentNotifications(signal),
  });

export function useIncidentNotifications() {
  return useQuery(incidentNotificationsQueryOptions());
}
