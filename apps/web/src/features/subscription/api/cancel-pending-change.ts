import type { Subscription } from '@blotter/shared/schemas/subscription';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /subscriptions2/pendingChange: the lower plan waiting for the renewal is dropped. */
export const cancelPendingChange = () => apiFetch<Subscription>('/subscriptions2/pendingChange', { method: 'DELETE' });

export function useCancelPendingChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPendingChange,
    onSuccess: (subscription) => queryClient.setQueryData(queryKeys.subscription.current, subscription),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.subscription.all }),
  });
}
