import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * After a save or a close: fetches the dashboard's lists again, also while the dashboard is not
 * shown, so it opens on the new counts rather than flashing the old ones. Only the draft list's
 * pages and counts: a working copy's queries (['draftIncidents', id, …]) belong to a copy the save
 * has just removed.
 */
export function refreshDashboardLists(queryClient: QueryClient, { drafts }: { drafts: boolean }): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.incidents.my, refetchType: 'all' }),
    drafts ? queryClient.invalidateQueries({ queryKey: queryKeys.drafts.list, refetchType: 'all' }) : undefined,
  ]);
}
