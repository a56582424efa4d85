import type { UserSearchResult } from '@blotter/shared/schemas/user-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface UserPageParams {
  groupId: string;
  hideInactive: boolean;
  page: number;
  pageSize: number;
}

/** GET /users/search: one page of a workgroup's users (fk=userGroupId), inactive ones hidden on request. */
export function getUserPage(params: UserPageParams, signal?: AbortSignal): Promise<UserSearchResult> {
  const query = new URLSearchParams({
    fk: 'userGroupId',
    fv: params.groupId,
    p: String(params.page),
    psz: String(params.pageSize),
    hideInactive: String(params.hideInactive),
  });
  return apiFetch<UserSearchResult>(`/users/search?${query}`, { signal });
}

export const userPageQueryOptions = (params: UserPageParams) =>
  queryOptions({
    queryKey: queryKeys.users.searchPage(params),
    queryFn: ({ signal }) => getUserPage(params, signal),
    placeholderData: keepPreviousData,
  });

export function useUserPage(params: UserPageParams) {
  return useQuery(userPageQueryOptions(params));
}
