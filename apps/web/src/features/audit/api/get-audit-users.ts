import type { AuditUser } from '@blotter/shared/schemas/audit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /audits/users: the company's users by name, for the filter by user. */
export function getAuditUsers(signal?: AbortSignal): Promise<AuditUser[]> {
  return apiFetch<AuditUser[]>('/audits/users', { signal });
}

export const auditUsersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.audits.users, queryFn: ({ signal }) => getAuditUsers(signal) });

export function useAuditUsers(enabled: boolean) {
  return useQuery({ ...auditUsersQueryOptions(), enabled });
}
