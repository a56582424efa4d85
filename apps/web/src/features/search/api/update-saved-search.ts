import type { SavedSearch, SavedSearchUpdate } from '@blotter/shared/schemas/search';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /incidents/search/custom: changes a dashboard search of the user. */
export function updateSavedSearch(body: SavedSearchUpdate): Promise<SavedSearch> {
  return apiFetch<SavedSearch>('/incidents/search/custom', { method: 'PUT', body });
}

export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSavedSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.savedSearches.all }),
  });
}
