import type { VehicleView } from '@blotter/shared/schemas/incident-view';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { incidentKeys } from './incident-keys';

/** GET /incidents/{id}/vehicles: the vehicle cards with owner names and their own files. */
export function getIncidentVehicles(id: string, signal?: AbortSignal): Promise<VehicleView[]> {
  return apiFetch<VehicleView[]>(`/incidents/${encodeURIComponent(id)}/vehicles`, { signal });
}

export const getIncidentVehiclesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: incidentKeys.part(id, 'vehicles'),
    queryFn: ({ signal }) => getIncidentVehicles(id, signal),
    staleTime: 0,
  });

export function useIncidentVehicles(id: string, enabled = true) {
  return useQuery({ ...getIncidentVehiclesQueryOptions(id), enabled });
}
