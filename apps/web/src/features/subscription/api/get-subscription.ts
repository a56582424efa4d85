import type { Subscription } from '@blotter/shared/schemas/subscription';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /subscriptions2: the company's current subscription. */
export const getSubscription = (signal?: AbortSignal) => apiFetch<Subscription>('/subscriptions2', { signal });

export const subscriptionQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.subscription.current, queryFn: ({ signal }) => getSubscription(signal) });

export const useSubscription = () => useQuery(subscriptionQueryOptions());
