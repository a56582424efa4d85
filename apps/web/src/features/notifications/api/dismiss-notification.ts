import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /notifications/{id}: hides a banner for the signed-in user. */
export function dismissNotification(id: string): Promise<void> {
  return apiFetch<void>(`/notifications/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDismissNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissNotification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}
