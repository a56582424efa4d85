import type { WebhookEndpoint, WebhookEndpointValues } from '@blotter/shared/schemas/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface SaveWebhookInput {
  /** Absent for a new endpoint. */
  id?: string | undefined;
  body: WebhookEndpointValues;
}

/** POST /webhooks for a new endpoint, PUT /webhooks/{id} for a stored one. */
export function saveWebhook({ id, body }: SaveWebhookInput): Promise<WebhookEndpoint> {
  return id
    ? apiFetch<WebhookEndpoint>(`/webhooks/${encodeURIComponent(id)}`, { method: 'PUT', body })
    : apiFetch<WebhookEndpoint>('/webhooks', { method: 'POST', body });
}

export function useSaveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  });
}
