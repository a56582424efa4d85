import type { Attachment } from '@blotter/shared/schemas/incident-parts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { incidentKeys } from './incident-keys';

/** GET /incidents/{id}/attachments: the incident's files with signed URLs. */
export function getIncidentAttachments(id: string, signal?: AbortSignal): Promise<Attachment[]> {
  return apiFetch<Attachment[]>(`/incidents/${encodeURIComponent(id)}/attachments`, { signal });
}

export const getIncidentAttachmentsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: incidentKeys.part(id, 'attachments'),
    queryFn: ({ signal }) => getIncidentAttachments(id, signal),
    staleTime: 0,
  });

export function useIncidentAttachments(id: string, enabled = true) {
  return useQuery({ ...getIncidentAttachmentsQueryOptions(id), enabled });
}
