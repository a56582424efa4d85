import type { PaymentMethodAnswer } from '@blotter/shared/schemas/subscription';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /payments/methods: the stored card's last 4 digits, or null. */
export const getPaymentMethod = (signal?: AbortSignal) =>
  apiFetch<PaymentMethodAnswer>('/payments/methods', { signal });

export const paymentMethodQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.subscription.paymentMethod, queryFn: ({ signal }) => getPaymentMethod(signal) });

export const usePaymentMethod = () => useQuery(paymentMethodQueryOptions());
