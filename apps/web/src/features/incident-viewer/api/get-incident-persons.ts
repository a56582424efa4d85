import type { PersonView } from '@blotter/shared/schemas/incident-view';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { incidentKeys } from './incident-keys';

/** GET /incidents/{id}/persons: the person cards (private fields null without PRIVACY_INFO_VIEW). */
export function getIncidentPersons(id: string, signal?: AbortSignal): Promise<PersonView[]> {
  return apiFetch<PersonView[]>(`/incidents/${encodeURIComponent(id)}/persons`, { signal });
}

export const getIncidentPersonsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: incidentKeys.part(id, 'persons'),
    queryFn: ({ signal }) => getIncidentPersons(id, signal),
    staleTime: 0,
  });

export function useIncidentPersons(id: string, enabled = true) {
  return useQuery({ ...getIncidentPersonsQueryOptions(id), enabled });
}
