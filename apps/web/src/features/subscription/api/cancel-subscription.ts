import type { Subscription } from '@blotter/shared/schemas/subscription';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /subscriptions2: cancels; the service continues until the subscription's valid date. */
export const cancelSubscription = () => apiFetch<Subscription | undefined>('/subscriptions2', { method: 'DELETE' });

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.subscription.all }),
  });
}
