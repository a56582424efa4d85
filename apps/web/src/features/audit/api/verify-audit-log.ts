import type { AuditVerify } from '@blotter/shared/schemas/audit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /audits/verify: the server seals what was committed, then checks the company's hash chain. */
export function verifyAuditLog(signal?: AbortSignal): Promise<AuditVerify> {
  return apiFetch<AuditVerify>('/audits/verify', { signal });
}

export const verifyAuditLogQueryOptions = (run: number) =>
  queryOptions({
    queryKey: queryKeys.audits.verify(run),
    queryFn: ({ signal }) => verifyAuditLog(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useVerifyAuditLog(run: number) {
  return useQuery(verifyAuditLogQueryOptions(run));
}
