import type { Attachment } from '@blotter/shared/schemas/incident-parts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { unstoredIncidentOf } from '../utils/unstored-copies';

/**
 * GET /draftIncidents/{id}/attachments: the working copy's files with fresh signed URLs; for a copy
 * of an incident not stored yet, the incident's files (GET /incidents/{id}/attachments).
 */
export function getDraftAttachments(draftId: string, signal?: AbortSignal): Promise<Attachment[]> {
  const incidentId = unstoredIncidentOf(draftId);
  if (incidentId) return apiFetch<Attachment[]>(`/incidents/${encodeURIComponent(incidentId)}/attachments`, { signal });
  return apiFetch<Attachment[]>(`/draftIncidents/${encodeURIComponent(draftId)}/attachments`, { signal });
}

export const draftAttachmentsQueryOptions = (draftId: string) =>
  queryOptions({
    queryKey: queryKeys.drafts.attachments(draftId),
    queryFn: ({ signal }) => getDraftAttachments(draftId, signal),
    // Signed URLs are short-lived: fetch fresh ones now and then.
    staleTime: 5 * 60_000,
    refetchInterval: 8 * 60_000,
  });

export function useDraftAttachments(draftId: string) {
  return useQuery({ ...draftAttachmentsQueryOptions(draftId), enabled: Boolean(draftId) });
}
