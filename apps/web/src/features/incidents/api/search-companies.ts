import type { CompanyMatch } from '@blotter/shared/schemas/persons';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /companies/search?name=: legal entities of the company's register whose name matches. */
export function searchCompanies(name: string, signal?: AbortSignal): Promise<CompanyMatch[]> {
  return apiFetch<CompanyMatch[]>(`/companies/search?name=${encodeURIComponent(name)}`, { signal });
}

export const searchCompaniesQueryOptions = (name: string) =>
  queryOptions({
    queryKey: queryKeys.companies.search(name),
    queryFn: ({ signal }) => searchCompanies(name, signal),
    staleTime: 0,
  });

/** Searches once a name is submitted (an empty name does not search). */
export function useSearchCompanies(name: string) {
  return useQuery({ ...searchCompaniesQueryOptions(name), enabled: name.trim().length > 0 });
}
