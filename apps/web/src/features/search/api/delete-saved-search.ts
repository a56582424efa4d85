import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /incidents/search/custom/{id}: removes a dashboard search. */
export function deleteSavedSearch(id: string): Promise<void> {
  return apiFetch<void>(`/incidents/search/custom/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.savedSearches.list }),
  });
}
