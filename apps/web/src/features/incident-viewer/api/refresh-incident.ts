import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/** After a change of an incident: its viewer data and the lists it appears in. */
export function refreshIncident(queryClient: QueryClient, id: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.incidents.detail(id) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.incidents.my }),
    // Only the list's pages and counts: a working copy's own queries (['draftIncidents', id,
    // 'attachments']) must not be refetched for a draft the server may just have removed.
    queryClient.invalidateQueries({ queryKey: queryKeys.drafts.list }),
  ]);
}

/** After deleting an incident: forget it, refresh the lists. */
export function forgetIncident(queryClient: QueryClient, id: string) {
  queryClient.removeQueries({ queryKey: queryKeys.incidents.detail(id) });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.incidents.my }),
    queryClient.invalidateQueries({ queryKey: queryKeys.drafts.list }),
  ]);
}
