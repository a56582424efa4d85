import type { Page } from '@blotter/shared/schemas/common';
import type { DraftRow } from '@blotter/shared/schemas/incidents';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { type PageParams, pageQueryString } from '../../../lib/page-query';
import { queryKeys } from '../../../lib/query-keys';

/** GET /draftIncidents: a page of the user's drafts and incidents being edited, newest change first, with the total. */
export function getDraftIncidents(params: PageParams, signal?: AbortSignal): Promise<Page<DraftRow>> {
  return apiFetch<Page<DraftRow>>(`/draftIncidents?${pageQueryString(params)}`, { signal });
}

export const draftIncidentsQueryOptions = (params: PageParams) =>
  queryOptions({
    queryKey: queryKeys.drafts.page(params),
    queryFn: ({ signal }) => getDraftIncidents(params, signal),
    placeholderData: keepPreviousData,
  });

export function useDraftIncidents(params: PageParams) {
  return useQuery(draftIncidentsQueryOptions(params));
}
