import type { WebhookDelivery } from '@blotter/shared/schemas/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /webhooks/{id}/test: a webhook.test event to that endpoint. */
export function sendWebhookTest(id: string): Promise<WebhookDelivery> {
  return apiFetch<WebhookDelivery>(`/webhooks/${encodeURIComponent(id)}/test`, { method: 'POST' });
}

export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWebhookTest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  });
}
