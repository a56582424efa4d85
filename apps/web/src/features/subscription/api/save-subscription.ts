import type { BillingInformationInput, Subscription, SubscriptionInput } from '@blotter/shared/schemas/subscription';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { saveBillingInformation } from './save-billing-information';

/** POST /subscriptions2: chooses or changes the plan (the first period is charged now). */
export const saveSubscription = (body: SubscriptionInput) =>
  apiFetch<Subscription>('/subscriptions2', { method: 'POST', body });

export interface SubscriptionSave {
  billing: BillingInformationInput;
  plan: SubscriptionInput;
}

/** The stepper's Save: the billing update is sent before the plan (spec 3 §4). */
export function useSaveSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ billing, plan }: SubscriptionSave) => {
      await saveBillingInformation(billing);
      return saveSubscription(plan);
    },
    onSuccess: (subscription) => queryClient.setQueryData(queryKeys.subscription.current, subscription),
    // The billing details may have been saved even when the plan was refused; the banners follow the plan.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.subscription.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.accounts.billing }),
        queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
      ]),
  });
}
