import type { WebhookEndpoint } from '@blotter/shared/schemas/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /webhooks/{id}/enabled */
export function setWebhookEnabled({ id, enabled }: { id: string; enabled: boolean }): Promise<WebhookEndpoint> {
  return apiFetch<WebhookEndpoint>(`/webhooks/${encodeURIComponent(id)}/enabled`, { method: 'PUT', body: { enabled } });
}

export function useSetWebhookEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWebhookEnabled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  });
}
