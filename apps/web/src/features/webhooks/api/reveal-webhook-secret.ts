import type { WebhookSecret } from '@blotter/shared/schemas/webhooks';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** GET /webhooks/{id}/secret: asked on the Reveal button only (each reveal is audited), never cached. */
export function revealWebhookSecret(id: string): Promise<WebhookSecret> {
  return apiFetch<WebhookSecret>(`/webhooks/${encodeURIComponent(id)}/secret`);
}

export function useRevealWebhookSecret() {
  return useMutation({ mutationFn: revealWebhookSecret });
}
