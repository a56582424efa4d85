import type { IncidentPartsView } from '@blotter/shared/schemas/incident-view';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /incidents/{id}/parts: persons (private fields null without PRIVACY_INFO_VIEW), companies,
 * vehicles and items with their own files, attachments and corrective actions, in one request.
 */
export function getIncidentParts(id: string, signal?: AbortSignal): Promise<IncidentPartsView> {
  return apiFetch<IncidentPartsView>(`/incidents/${encodeURIComponent(id)}/parts`, { signal });
}

export const incidentPartsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.incidents.parts(id),
    queryFn: ({ signal }) => getIncidentParts(id, signal),
    staleTime: 0,
  });
