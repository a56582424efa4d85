import type { SavedSearch, SavedSearchCreate } from '@blotter/shared/schemas/search';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /reports/custom: saves a search as a company report (REPORT_CREATE). */
export function createSearchReport(body: SavedSearchCreate): Promise<SavedSearch> {
  return apiFetch<SavedSearch>('/reports/custom', { method: 'POST', body });
}

export function useCreateSearchReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSearchReport,
    // Spec 2 §8: a failed report save is only logged, with no message to the user.
    meta: { silent: true },
    onError: (error) => console.error('The search report could not be saved.', error),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.searchReports.all }),
  });
}
