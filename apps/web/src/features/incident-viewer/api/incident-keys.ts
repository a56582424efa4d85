import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the viewer. An incident's parts and history sit under its detail key, so one
 * invalidation refreshes everything the viewer shows of it.
 */
export const incidentKeys = {
  details: ['incidents', 'detail'] as const,
  detail: (id: string) => ['incidents', 'detail', id] as const,
  parts: (id: string) => ['incidents', 'detail', id, 'parts'] as const,
  history: (id: string) => ['incidents', 'detail', id, 'history'] as const,
  compare: (historyId: string) => ['incidents', 'historyCompare', historyId] as const,
};

// The list keys of features/incidents (get-my-incidents) and features/drafts (get-draft-incidents):
// features do not import each other, so they are spelled here.
const MY_INCIDENTS_KEY = ['incidents', 'my'] as const;
const DRAFT_LIST_KEY = ['draftIncidents', 'list'] as const;

/** After a change of an incident: its viewer data and the lists it appears in. */
export function refreshIncident(queryClient: QueryClient, id: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: incidentKeys.detail(id) }),
    queryClient.invalidateQueries({ queryKey: MY_INCIDENTS_KEY }),
    // Only the list's pages and counts: a working copy's own queries (['draftIncidents', id,
    // 'attachments']) must not be refetched for a draft the server may just have removed.
    queryClient.invalidateQueries({ queryKey: DRAFT_LIST_KEY }),
  ]);
}

/** After deleting an incident: forget it, refresh the lists. */
export function forgetIncident(queryClient: QueryClient, id: string) {
  queryClient.removeQueries({ queryKey: incidentKeys.detail(id) });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: MY_INCIDENTS_KEY }),
    queryClient.invalidateQueries({ queryKey: DRAFT_LIST_KEY }),
  ]);
}
