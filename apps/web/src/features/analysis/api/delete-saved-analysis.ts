import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /analysis/custom/{id}: removes a dashboard analysis. */
export function deleteSavedAnalysis(id: string): Promise<void> {
  return apiFetch<void>(`/analysis/custom/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteSavedAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedAnalysis,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.savedAnalyses.all }),
  });
}
