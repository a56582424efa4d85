import type { PersonMatch } from '@blotter/shared/schemas/persons';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /persons/search?name=: persons of the company's register whose name matches. */
export function searchPersons(name: string, signal?: AbortSignal): Promise<PersonMatch[]> {
  return apiFetch<PersonMatch[]>(`/persons/search?name=${encodeURIComponent(name)}`, { signal });
}

export const searchPersonsQueryOptions = (name: string) =>
  queryOptions({
    queryKey: queryKeys.persons.search(name),
    queryFn: ({ signal }) => searchPersons(name, signal),
    staleTime: 0,
  });

/** Searches once a name is submitted (an empty name does not search). */
export function useSearchPersons(name: string) {
  return useQuery({ ...searchPersonsQueryOptions(name), enabled: name.trim().length > 0 });
}
