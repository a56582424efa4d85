import type { IncidentRow } from '@blotter/shared/schemas/incidents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /incidents/my: incidents the user entered or investigates, newest first. */
export function getMyIncidents(signal?: AbortSignal): Promise<IncidentRow[]> {
  return apiFetch<IncidentRow[]>('/incidents/my', { signal });
}

export const myIncidentsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.incidents.my, queryFn: ({ signal }) => getMyIncidents(signal) });

export function useMyIncidents() {
  return useQuery(myIncidentsQueryOptions());
}
