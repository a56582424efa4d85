import type { SavedAnalysis, SavedAnalysisCreate } from '@blotter/shared/schemas/analysis';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /analysis/reports: saves an analysis as a company chart report (REPORT_CREATE). */
export function createAnalysisReport(body: SavedAnalysisCreate): Promise<SavedAnalysis> {
  return apiFetch<SavedAnalysis>('/analysis/reports', { method: 'POST', body });
}

export function useCreateAnalysisReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAnalysisReport,
    // Spec 2 §8: a failed report save is only logged, with no message to the user.
    meta: { silent: true },
    onError: (error) => console.error('The chart report could not be saved.', error),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.analysisReports.all }),
  });
}
