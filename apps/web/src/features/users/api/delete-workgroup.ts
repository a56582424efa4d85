import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /userGroups/{id}: removes a workgroup without users. */
export function deleteWorkgroup(id: string): Promise<void> {
  return apiFetch<void>(`/userGroups/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteWorkgroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkgroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.workgroups.all }),
  });
}
