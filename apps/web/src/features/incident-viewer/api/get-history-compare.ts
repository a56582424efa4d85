import type { HistoryCompare } from '@blotter/shared/schemas/incident-view';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /incidents/historyItemForCompare/{historyId}: the version of that row and the one before it. */
export function getHistoryCompare(historyId: string, signal?: AbortSignal): Promise<HistoryCompare> {
  return apiFetch<HistoryCompare>(`/incidents/historyItemForCompare/${encodeURIComponent(historyId)}`, { signal });
}

export const historyCompareQueryOptions = (historyId: string) =>
  queryOptions({
    queryKey: queryKeys.incidents.historyCompare(historyId),
    queryFn: ({ signal }) => getHistoryCompare(historyId, signal),
    // A kept version never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useHistoryCompare(historyId: string | undefined) {
  return useQuery({ ...historyCompareQueryOptions(historyId ?? ''), enabled: Boolean(historyId) });
}
