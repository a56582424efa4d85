import type { IncidentRow } from '@blotter/shared/schemas/incidents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const myIncidentsQueryKey = ['incidents', 'my'] as const;

/** GET /incidents/my: incidents the user entered or investigates, newest first. */
export function getMyIncidents(signal?: AbortSignal): Promise<IncidentRow[]> {
  return apiFetch<IncidentRow[]>('/incidents/my', { signal });
}

export const myIncidentsQueryOptions = () =>
  queryOptions({ queryKey: myIncidentsQueryKey, queryFn: ({ signal }) => getMyIncidents(signal) });

export function useMyIncidents() {
  return useQuery(myIncidentsQueryOptions());
}
