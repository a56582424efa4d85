import type { LookupAddress, lookupAddressBody } from '@blotter/shared/schemas/lookups';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type LookupAddressInput = z.input<typeof lookupAddressBody>;

/** GET /lookupAddresses/{id}: the address attached to a location. */
export function useAttachedAddress(id: string | null) {
  return useQuery({
    queryKey: queryKeys.lookupAddresses.detail(id ?? ''),
    queryFn: ({ signal }) => apiFetch<LookupAddress>(`/lookupAddresses/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
  });
}

/** POST (a new address) or PUT (a change) /lookupAddresses. */
export function saveLookupAddress(input: LookupAddressInput & { id?: string }) {
  return apiFetch<LookupAddress>('/lookupAddresses', { method: input.id ? 'PUT' : 'POST', body: input });
}

export function deleteLookupAddress(id: string) {
  return apiFetch<LookupAddress>(`/lookupAddresses/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

function useAddressMutation<V>(fn: (value: V) => Promise<LookupAddress>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (address) => {
      queryClient.removeQueries({ queryKey: queryKeys.lookupAddresses.detail(address.id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.lookupAdmin.all });
    },
  });
}

export const useSaveLookupAddress = () => useAddressMutation(saveLookupAddress);
export const useDeleteLookupAddress = () => useAddressMutation(deleteLookupAddress);
