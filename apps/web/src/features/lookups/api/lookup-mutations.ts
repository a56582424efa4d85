import type { AdminLookupType, LookupLabelsInput } from '@blotter/shared/schemas/lookup-admin';
import type { LookupLabels } from '@blotter/shared/schemas/lookups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { isTreeType } from '../model/lookup-types';

export interface LookupChange {
  id: string;
  type: AdminLookupType;
  name: string;
  active: boolean;
}

const base = (type: string) => (isTreeType(type) ? '/lookupMultiples' : '/lookupSingles');

/** POST /lookupSingles or /lookupMultiples: the id is made here (spec 3 §3). */
export function createLookup(item: { type: AdminLookupType; name: string; parentId: string | null }) {
  const body = { id: crypto.randomUUID(), type: item.type, name: item.name, active: true };
  return apiFetch<unknown>(base(item.type), {
    method: 'POST',
    body: isTreeType(item.type) ? { ...body, parentId: item.parentId } : body,
  });
}

/** PUT: rename, disable or enable. */
export function updateLookup(change: LookupChange) {
  return apiFetch<unknown>(base(change.type), { method: 'PUT', body: change });
}

/** DELETE: an item of a tree goes with its children. */
export function deleteLookup(item: { id: string; type: AdminLookupType }) {
  const id = encodeURIComponent(item.id);
  return apiFetch<undefined>(
    isTreeType(item.type) ? `/lookupMultiples/${id}` : `/lookupSingles/${id}?type=${encodeURIComponent(item.type)}`,
    { method: 'DELETE' },
  );
}

export function saveLookupLabels(body: LookupLabelsInput) {
  return apiFetch<LookupLabels>('/lookupMultipleLabels', { method: 'POST', body });
}

/** Every change refreshes the card's lists; initData waits for the card's Refresh (spec 3 §2). */
function useLookupMutation<V>(fn: (value: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.lookupAdmin.all }),
  });
}

export const useCreateLookup = () => useLookupMutation(createLookup);
export const useUpdateLookup = () => useLookupMutation(updateLookup);
export const useDeleteLookup = () => useLookupMutation(deleteLookup);
export const useSaveLookupLabels = () => useLookupMutation(saveLookupLabels);
