import type { SubjectAlertList } from '@blotter/shared/schemas/subject-alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /incidents/{id}/subjectAlerts: the banned or watched subjects found when the incident was last saved. */
export function getIncidentSubjectAlerts(id: string, signal?: AbortSignal): Promise<SubjectAlertList> {
  return apiFetch<SubjectAlertList>(`/incidents/${encodeURIComponent(id)}/subjectAlerts`, { signal });
}

export const incidentSubjectAlertsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.incidents.subjectAlerts(id),
    queryFn: ({ signal }) => getIncidentSubjectAlerts(id, signal),
    staleTime: 0,
  });

export function useIncidentSubjectAlerts(id: string, enabled: boolean) {
  return useQuery({ ...incidentSubjectAlertsQueryOptions(id), enabled });
}
