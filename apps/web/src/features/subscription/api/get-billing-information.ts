import type { BillingInformationAnswer } from '@blotter/shared/schemas/subscription';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /accounts/billingInformation: the stored billing details (SUBSCRIPTION_EDIT). */
export const getBillingInformation = (signal?: AbortSignal) =>
  apiFetch<BillingInformationAnswer>('/accounts/billingInformation', { signal });

export const billingInformationQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.accounts.billing, queryFn: ({ signal }) => getBillingInformation(signal) });

/** The stored billing details the billing forms start from. */
export const useBillingInformation = () => useQuery(billingInformationQueryOptions());
