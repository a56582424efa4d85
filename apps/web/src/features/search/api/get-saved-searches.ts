import type { Page } from '@blotter/shared/schemas/common';
import type { SavedSearch } from '@blotter/shared/schemas/search';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The dashboard shows up to this many saved searches (one card each). */
export const SAVED_SEARCH_CARDS_MAX = 100;

/** GET /incidents/search/custom: the user's own dashboard searches. */
export function getSavedSearches(signal?: AbortSignal): Promise<Page<SavedSearch>> {
  return apiFetch<Page<SavedSearch>>(`/incidents/search/custom?p=0&psz=${SAVED_SEARCH_CARDS_MAX}`, { signal });
}

export const savedSearchesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.savedSearches.list,
    queryFn: ({ signal }) => getSavedSearches(signal),
  });

export function useSavedSearches(enabled: boolean) {
  return useQuery({ ...savedSearchesQueryOptions(), enabled });
}
