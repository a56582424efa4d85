import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /webhooks/{id}: the endpoint and its delivery log. */
export function deleteWebhook(id: string): Promise<void> {
  return apiFetch<void>(`/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  });
}
