import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /reports/custom/{id}: removes a search report (REPORT_CREATE). */
export function deleteSearchReport(id: string): Promise<void> {
  return apiFetch<void>(`/reports/custom/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteSearchReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSearchReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.searchReports.all }),
  });
}
