import type { Investigator } from '@blotter/shared/schemas/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /users/investigators: users who may be assigned as the incident investigator. */
export function getInvestigators(signal?: AbortSignal): Promise<Investigator[]> {
  return apiFetch<Investigator[]>('/users/investigators', { signal });
}

export const investigatorsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.users.investigators,
    queryFn: ({ signal }) => getInvestigators(signal),
    staleTime: 5 * 60_000,
  });

export function useInvestigators() {
  return useQuery(investigatorsQueryOptions());
}
