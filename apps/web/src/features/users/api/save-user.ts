import type { AdminUser, UserCreateInput, UserFieldsInput } from '@blotter/shared/schemas/user-admin';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** What a user change makes stale: the user tables, group counts, remains and the initial data (investigators, avatars). */
export const afterUserChange = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.users.search }),
    queryClient.invalidateQueries({ queryKey: queryKeys.users.remains }),
    queryClient.invalidateQueries({ queryKey: queryKeys.workgroups.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.users.investigators }),
    queryClient.invalidateQueries({ queryKey: queryKeys.commons.initData }),
  ]);

/** POST /users: adds a pending user, who gets a verification email. */
export function createUser(input: UserCreateInput): Promise<AdminUser> {
  return apiFetch<AdminUser>('/users', { method: 'POST', body: input });
}

/** PUT /users/{id}: changes a user (not the email or password). */
export function updateUser({ id, ...input }: UserFieldsInput & { id: string }): Promise<AdminUser> {
  return apiFetch<AdminUser>(`/users/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => afterUserChange(queryClient) });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateUser, onSuccess: () => afterUserChange(queryClient) });
}
