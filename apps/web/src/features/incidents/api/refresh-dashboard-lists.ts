import type { QueryClient } from '@tanstack/react-query';
import { myIncidentsQueryKey } from './get-my-incidents';

// The key of features/drafts' list and counts (get-draft-incidents): features do not import each other.
export const DRAFT_LIST_KEY = ['draftIncidents', 'list'] as const;

/**
 * After a save or a close: fetches the dashboard's lists again, also while the dashboard is not
 * shown, so it opens on the new counts rather than flashing the old ones. Only the draft list's
 * pages and counts: a working copy's queries (['draftIncidents', id, …]) belong to a copy the save
 * has just removed.
 */
export function refreshDashboardLists(queryClient: QueryClient, { drafts }: { drafts: boolean }): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: myIncidentsQueryKey, refetchType: 'all' }),
    drafts ? queryClient.invalidateQueries({ queryKey: DRAFT_LIST_KEY, refetchType: 'all' }) : undefined,
  ]);
}
