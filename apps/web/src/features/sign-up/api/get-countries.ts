import type { Country } from '@blotter/shared/schemas/geo';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /countries (public): the countries a business may be located in. */
export function getCountries(): Promise<Country[]> {
  return apiFetch<Country[]>('/countries');
}

export const countriesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.countries.all, queryFn: getCountries, staleTime: Number.POSITIVE_INFINITY });

export function useCountries() {
  return useQuery(countriesQueryOptions());
}
