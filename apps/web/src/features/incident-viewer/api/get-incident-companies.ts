import type { CompanyView } from '@blotter/shared/schemas/incident-view';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { incidentKeys } from './incident-keys';

/** GET /incidents/{id}/companies: the legal-entity cards. */
export function getIncidentCompanies(id: string, signal?: AbortSignal): Promise<CompanyView[]> {
  return apiFetch<CompanyView[]>(`/incidents/${encodeURIComponent(id)}/companies`, { signal });
}

export const getIncidentCompaniesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: incidentKeys.part(id, 'companies'),
    queryFn: ({ signal }) => getIncidentCompanies(id, signal),
    staleTime: 0,
  });

export function useIncidentCompanies(id: string, enabled = true) {
  return useQuery({ ...getIncidentCompaniesQueryOptions(id), enabled });
}
