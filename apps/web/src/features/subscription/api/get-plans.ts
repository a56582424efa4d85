import type { Plans } from '@blotter/shared/schemas/subscription';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /subscriptions2/plans?promotionCode=: the plans' amounts in cents, lowered by a valid code. */
export function getPlans(promotionCode: string, signal?: AbortSignal) {
  const query = promotionCode ? `?${new URLSearchParams({ promotionCode })}` : '';
  return apiFetch<Plans>(`/subscriptions2/plans${query}`, { signal });
}

export const plansQueryOptions = (promotionCode: string) =>
  queryOptions({
    queryKey: queryKeys.subscription.plans(promotionCode),
    queryFn: ({ signal }) => getPlans(promotionCode, signal),
  });

/** The plans for a code; the previous answer stays on screen while a new code is read. */
export const usePlans = (promotionCode: string) =>
  useQuery({ ...plansQueryOptions(promotionCode), placeholderData: keepPreviousData });
