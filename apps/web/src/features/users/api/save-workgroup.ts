import type { Workgroup, WorkgroupInput } from '@blotter/shared/schemas/user-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /userGroups (no id) or PUT /userGroups (with id): adds or changes a workgroup. */
export function saveWorkgroup(input: WorkgroupInput & { id?: string }): Promise<Workgroup> {
  return apiFetch<Workgroup>('/userGroups', { method: input.id ? 'PUT' : 'POST', body: input });
}

export function useSaveWorkgroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWorkgroup,
    // A group's privileges decide who investigates: the initial data's investigators change too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.workgroups.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.users.search }),
        queryClient.invalidateQueries({ queryKey: queryKeys.commons.initData }),
      ]),
  });
}
