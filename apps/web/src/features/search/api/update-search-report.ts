import type { SavedSearch, SavedSearchUpdate } from '@blotter/shared/schemas/search';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /reports/custom: changes a company search report (REPORT_CREATE). */
export function updateSearchReport(body: SavedSearchUpdate): Promise<SavedSearch> {
  return apiFetch<SavedSearch>('/reports/custom', { method: 'PUT', body });
}

export function useUpdateSearchReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSearchReport,
    // Spec 2 §8: a failed report save is only logged, with no message to the user.
    meta: { silent: true },
    onError: (error) => console.error('The search report could not be saved.', error),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.searchReports.all }),
  });
}
