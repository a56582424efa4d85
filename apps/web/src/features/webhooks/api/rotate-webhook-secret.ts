import type { WebhookSecret } from '@blotter/shared/schemas/webhooks';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST /webhooks/{id}/secret/rotate: the new secret; the previous one signs too for 24 hours. */
export function rotateWebhookSecret(id: string): Promise<WebhookSecret> {
  return apiFetch<WebhookSecret>(`/webhooks/${encodeURIComponent(id)}/secret/rotate`, { method: 'POST' });
}

export function useRotateWebhookSecret() {
  return useMutation({ mutationFn: rotateWebhookSecret });
}
