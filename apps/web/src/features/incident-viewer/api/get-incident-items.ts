import type { ItemView } from '@blotter/shared/schemas/incident-view';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { incidentKeys } from './incident-keys';

/** GET /incidents/{id}/items: the item cards with owner names and their own files. */
export function getIncidentItems(id: string, signal?: AbortSignal): Promise<ItemView[]> {
  return apiFetch<ItemView[]>(`/incidents/${encodeURIComponent(id)}/items`, { signal });
}

export const getIncidentItemsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: incidentKeys.part(id, 'items'),
    queryFn: ({ signal }) => getIncidentItems(id, signal),
    staleTime: 0,
  });

export function useIncidentItems(id: string, enabled = true) {
  return useQuery({ ...getIncidentItemsQueryOptions(id), enabled });
}
