import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface OwnerCompany {
  id: string;
  name: string;
}

/** GET /companies/owner: the account's own company as a legal entity (id, name in `data`). */
export async function getOwnerCompany(signal?: AbortSignal): Promise<OwnerCompany> {
  const answer = await apiFetch<{ data: OwnerCompany }>('/companies/owner', { signal });
  return answer.data;
}

export const ownerCompanyQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.companies.owner,
    queryFn: ({ signal }) => getOwnerCompany(signal),
    staleTime: 60_000,
  });

/** Loads the owner company when the Owner switch is turned on (a failure is toasted and rethrown). */
export function useFetchOwnerCompany() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.fetchQuery(ownerCompanyQueryOptions()), [queryClient]);
}
