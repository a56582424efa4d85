import type { PaymentMethodAnswer, PaymentMethodBody } from '@blotter/shared/schemas/subscription';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /payments/methods: stores the card of a token made in the browser by the card provider. */
export const savePaymentMethod = (body: PaymentMethodBody) =>
  apiFetch<PaymentMethodAnswer>('/payments/methods', { method: 'POST', body });

/** The caller reports a failure itself ('Failed to save a payment method.'). */
export function useSavePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePaymentMethod,
    meta: { silent: true },
    onSuccess: (answer) =>
      Promise.all([
        queryClient.setQueryData(queryKeys.subscription.paymentMethod, answer),
        // A new card may have retried a failed renewal: the subscription and banners may change.
        queryClient.invalidateQueries({ queryKey: queryKeys.subscription.current }),
        queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
      ]),
  });
}
