import { DEBOUNCE } from '@blotter/shared/constants';
import type { City } from '@blotter/shared/schemas/geo';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { queryKeys } from '../query-keys';

/** GET /cities/search: cities whose name starts with the text, in one country. */
export function searchCities(name: string, countryCode: string, signal?: AbortSignal): Promise<City[]> {
  const params = new URLSearchParams({ name });
  if (countryCode) params.set('countryCode', countryCode);
  return apiFetch<City[]>(`/cities/search?${params}`, { signal });
}

export const citySearchQueryOptions = (name: string, countryCode: string) =>
  queryOptions({
    queryKey: queryKeys.cities.search(name, countryCode),
    queryFn: ({ signal }) => searchCities(name, countryCode, signal),
    staleTime: 10 * 60_000,
  });

/** Searches once the (already debounced) text has more than 1 character. */
export function useCitySearch(name: string, countryCode: string) {
  const text = name.trim();
  return useQuery({
    ...citySearchQueryOptions(text, countryCode),
    enabled: text.length >= DEBOUNCE.citySearchMinChars,
    placeholderData: keepPreviousData,
  });
}
