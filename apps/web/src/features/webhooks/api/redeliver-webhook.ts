import type { WebhookDelivery } from '@blotter/shared/schemas/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /webhooks/deliveries/{id}/redeliver: the same message again, now. */
export function redeliverWebhook(deliveryId: string): Promise<WebhookDelivery> {
  return apiFetch<WebhookDelivery>(`/webhooks/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, {
    method: 'POST',
  });
}

export function useRedeliverWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliverWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  });
}
