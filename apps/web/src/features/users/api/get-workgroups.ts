import type { Workgroup } from '@blotter/shared/schemas/user-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /userGroups: the company's workgroups by name. */
export function getWorkgroups(signal?: AbortSignal): Promise<Workgroup[]> {
  return apiFetch<Workgroup[]>('/userGroups', { signal });
}

export const workgroupsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.workgroups.all, queryFn: ({ signal }) => getWorkgroups(signal) });

export function useWorkgroups() {
  return useQuery(workgroupsQueryOptions());
}
