import type { AuditObjectType, AuditPage } from '@blotter/shared/schemas/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** What the audit table asks for: the searched range, one filter, a page. */
export interface AuditPageParams {
  fromDate: string;
  toDate: string;
  objectType?: AuditObjectType | undefined;
  createUserId?: string | undefined;
  p: number;
  psz: number;
}

/** GET /audits: a page of the company's audit entries (dates read in the browser's zone by the server). */
export function getAudits(params: AuditPageParams, signal?: AbortSignal): Promise<AuditPage> {
  const query = new URLSearchParams({
    fromDate: params.fromDate,
    toDate: params.toDate,
    p: String(params.p),
    psz: String(params.psz),
  });
  if (params.objectType) query.set('objectType', params.objectType);
  if (params.createUserId) query.set('createUserId', params.createUserId);
  return apiFetch<AuditPage>(`/audits?${query}`, { signal });
}

/** `run` changes with every Search click, so the same range is read again. */
export const auditsQueryOptions = (params: AuditPageParams, run = 0) =>
  queryOptions({
    queryKey: queryKeys.audits.page({ ...params, run }),
    queryFn: ({ signal }) => getAudits(params, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useAudits(params: AuditPageParams, run: number) {
  return useQuery(auditsQueryOptions(params, run));
}
