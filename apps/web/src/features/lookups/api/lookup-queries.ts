import type { LookupLabels, LookupNode, SingleLookup } from '@blotter/shared/schemas/lookups';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { isTreeType, type LookupTypeOption } from '../model/lookup-types';

/** GET /lookupSingles?type: the live items of a flat type. */
export function getLookupSingles(type: string, signal?: AbortSignal): Promise<SingleLookup[]> {
  return apiFetch<SingleLookup[]>(`/lookupSingles?type=${encodeURIComponent(type)}`, { signal });
}

/** GET /lookupMultiples?type: the live tree of a multiple-level type. */
export function getLookupTree(type: string, signal?: AbortSignal): Promise<LookupNode[]> {
  return apiFetch<LookupNode[]>(`/lookupMultiples?type=${encodeURIComponent(type)}`, { signal });
}

/** GET /lookupMultipleLabels: the level names of every multiple-level type. */
export function getLookupLabels(signal?: AbortSignal): Promise<LookupLabels> {
  return apiFetch<LookupLabels>('/lookupMultipleLabels', { signal });
}

/**
 * The items of the chosen type as a tree (a flat type is a tree of roots), so the card draws
 * both alike.
 */
export function useLookupItems(type: LookupTypeOption) {
  const tree = isTreeType(type.value);
  return useQuery({
    queryKey: tree ? queryKeys.lookupAdmin.tree(type.value) : queryKeys.lookupAdmin.singles(type.value),
    queryFn: async ({ signal }): Promise<LookupNode[]> => {
      if (tree) return getLookupTree(type.value, signal);
      const items = await getLookupSingles(type.value, signal);
      return items.map((item) => ({
        ...item,
        parentId: null,
        level: 1,
        parentPath: '',
        label: type.label,
        addressId: null,
        children: [],
      }));
    },
  });
}

export function useLookupLabels(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.lookupAdmin.labels,
    queryFn: ({ signal }) => getLookupLabels(signal),
    enabled,
  });
}
