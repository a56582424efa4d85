import type { UserRemains } from '@blotter/shared/schemas/user-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /users/remains: how many more active users the subscription allows. */
export function getUserRemains(signal?: AbortSignal): Promise<UserRemains> {
  return apiFetch<UserRemains>('/users/remains', { signal });
}

export const userRemainsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.users.remains, queryFn: ({ signal }) => getUserRemains(signal) });

export function useUserRemains(enabled: boolean) {
  return useQuery({ ...userRemainsQueryOptions(), enabled });
}
