import type { LookupAddress } from '@blotter/shared/schemas/lookups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /lookupAddresses/{id}: the address an administrator attached to a location. */
export function getLookupAddress(id: string, signal?: AbortSignal): Promise<LookupAddress> {
  return apiFetch<LookupAddress>(`/lookupAddresses/${encodeURIComponent(id)}`, { signal });
}

export const lookupAddressQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.lookupAddresses.detail(id),
    queryFn: ({ signal }) => getLookupAddress(id, signal),
    staleTime: 5 * 60_000,
    // Filling the address is a convenience: a failure is not worth a toast.
    meta: { silent: true },
  });

export function useLookupAddress(id: string | undefined) {
  return useQuery({ ...lookupAddressQueryOptions(id ?? ''), enabled: Boolean(id) });
}
