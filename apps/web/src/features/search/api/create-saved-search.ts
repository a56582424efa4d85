import type { SavedSearch, SavedSearchCreate } from '@blotter/shared/schemas/search';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /incidents/search/custom: saves a search to the user's dashboard. */
export function createSavedSearch(body: SavedSearchCreate): Promise<SavedSearch> {
  return apiFetch<SavedSearch>('/incidents/search/custom', { method: 'POST', body });
}

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSavedSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.savedSearches.all }),
  });
}
