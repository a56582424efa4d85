import type { DraftCounts } from '@blotter/shared/schemas/incidents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /draftIncidents/counts: the dashboard card's numbers of new drafts and incidents being edited. */
export function getDraftCounts(signal?: AbortSignal): Promise<DraftCounts> {
  return apiFetch<DraftCounts>('/draftIncidents/counts', { signal });
}

export const draftCountsQueryOptions = () =>
  // Under the list's key: whatever refreshes the list refreshes the counts.
  queryOptions({
    queryKey: queryKeys.drafts.counts,
    queryFn: ({ signal }) => getDraftCounts(signal),
  });

export function useDraftCounts() {
  return useQuery(draftCountsQueryOptions());
}
