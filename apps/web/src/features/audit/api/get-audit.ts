import type { AuditDetail } from '@blotter/shared/schemas/audit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /audits/{id}: one entry with its detail data (an incident change's compare included). */
export function getAudit(id: string, signal?: AbortSignal): Promise<AuditDetail> {
  return apiFetch<AuditDetail>(`/audits/${encodeURIComponent(id)}`, { signal });
}

export const auditQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.audits.detail(id),
    queryFn: ({ signal }) => getAudit(id, signal),
    // An entry never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useAudit(id: string | undefined) {
  return useQuery({ ...auditQueryOptions(id ?? ''), enabled: Boolean(id) });
}
