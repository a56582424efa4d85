import type { Draft } from '@blotter/shared/schemas/incident-form';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /draftIncidents/{id}: one working copy with its whole form data. */
export function getDraft(id: string, signal?: AbortSignal): Promise<Draft> {
  return apiFetch<Draft>(`/draftIncidents/${encodeURIComponent(id)}`, { signal });
}

export const draftQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.drafts.workingCopy(id),
    queryFn: ({ signal }) => getDraft(id, signal),
    // The form owns the working copy once it is open: no background refetch may overwrite typing.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

export function useDraft(id: string | undefined) {
  return useQuery({ ...draftQueryOptions(id ?? ''), enabled: Boolean(id) });
}
