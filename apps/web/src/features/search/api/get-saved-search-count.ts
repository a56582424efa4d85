import type { SearchCount } from '@blotter/shared/schemas/search';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /incidents/search/custom/{id}/count: how many incidents a saved search finds (the card's number). */
export function getSavedSearchCount(id: string, signal?: AbortSignal): Promise<SearchCount> {
  return apiFetch<SearchCount>(`/incidents/search/custom/${encodeURIComponent(id)}/count`, { signal });
}

export const savedSearchCountQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.savedSearches.count(id),
    queryFn: ({ signal }) => getSavedSearchCount(id, signal),
  });

export function useSavedSearchCount(id: string) {
  return useQuery(savedSearchCountQueryOptions(id));
}
