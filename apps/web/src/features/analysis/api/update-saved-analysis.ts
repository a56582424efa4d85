import type { SavedAnalysis, SavedAnalysisUpdate } from '@blotter/shared/schemas/analysis';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /analysis/custom: changes one of the user's dashboard analyses. */
export function updateSavedAnalysis(body: SavedAnalysisUpdate): Promise<SavedAnalysis> {
  return apiFetch<SavedAnalysis>('/analysis/custom', { method: 'PUT', body });
}

export function useUpdateSavedAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSavedAnalysis,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.savedAnalyses.all }),
  });
}
