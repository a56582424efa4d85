import type { MyIncidentCounts } from '@blotter/shared/schemas/incidents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /incidents/my/counts: the dashboard cards' numbers of open and closed incidents. */
export function getMyIncidentCounts(signal?: AbortSignal): Promise<MyIncidentCounts> {
  return apiFetch<MyIncidentCounts>('/incidents/my/counts', { signal });
}

export const myIncidentCountsQueryOptions = () =>
  // Under the list's key: whatever refreshes the list refreshes the counts.
  queryOptions({
    queryKey: queryKeys.incidents.myCounts,
    queryFn: ({ signal }) => getMyIncidentCounts(signal),
  });

export function useMyIncidentCounts() {
  return useQuery(myIncidentCountsQueryOptions());
}
