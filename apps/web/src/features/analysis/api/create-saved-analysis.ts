import type { SavedAnalysis, SavedAnalysisCreate } from '@blotter/shared/schemas/analysis';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /analysis/custom: saves an analysis to the user's dashboard. */
export function createSavedAnalysis(body: SavedAnalysisCreate): Promise<SavedAnalysis> {
  return apiFetch<SavedAnalysis>('/analysis/custom', { method: 'POST', body });
}

export function useCreateSavedAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSavedAnalysis,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.savedAnalyses.all }),
  });
}
