import type { Profile } from '@blotter/shared/schemas/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /users/profile: the signed-in user's own profile. */
export const getProfile = (signal?: AbortSignal) => apiFetch<Profile>('/users/profile', { signal });

export const profileQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.users.profile, queryFn: ({ signal }) => getProfile(signal) });

export const useProfile = () => useQuery(profileQueryOptions());
