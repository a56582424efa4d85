import type { BillingInformationInput } from '@blotter/shared/schemas/subscription';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /accounts/billingInformation: the company's billing address and contact. */
export const saveBillingInformation = (body: BillingInformationInput) =>
  apiFetch<unknown>('/accounts/billingInformation', { method: 'PUT', body });

export function useSaveBillingInformation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBillingInformation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.accounts.billing }),
  });
}
