import type { ApiTokenPage } from '@blotter/shared/schemas/api-tokens';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /apiTokens?p=&psz=: a page of the company's API tokens, newest first. */
export function getApiTokens(page: number, signal?: AbortSignal): Promise<ApiTokenPage> {
  return apiFetch<ApiTokenPage>(`/apiTokens?p=${page}&psz=10`, { signal });
}

export const apiTokensQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.apiTokens.page(page),
    queryFn: ({ signal }) => getApiTokens(page, signal),
    placeholderData: keepPreviousData,
  });

export function useApiTokens(page: number) {
  return useQuery(apiTokensQueryOptions(page));
}
