import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /analysis/reports/{id}: removes a chart report (REPORT_CREATE). */
export function deleteAnalysisReport(id: string): Promise<void> {
  return apiFetch<void>(`/analysis/reports/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteAnalysisReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnalysisReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.analysisReports.all }),
  });
}
