import type { SavedAnalysis, SavedAnalysisUpdate } from '@blotter/shared/schemas/analysis';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /analysis/reports: changes a company chart report (REPORT_CREATE). */
export function updateAnalysisReport(body: SavedAnalysisUpdate): Promise<SavedAnalysis> {
  return apiFetch<SavedAnalysis>('/analysis/reports', { method: 'PUT', body });
}

export function useUpdateAnalysisReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAnalysisReport,
    // Spec 2 §8: a failed report save is only logged, with no message to the user.
    meta: { silent: true },
    onError: (error) => console.error('The chart report could not be saved.', error),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.analysisReports.all }),
  });
}
