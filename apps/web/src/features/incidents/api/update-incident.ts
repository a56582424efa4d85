import type { IncidentSubmit } from '@blotter/shared/schemas/incident-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { reportError } from '../../../lib/query-client';
import type { IncidentCreated } from './create-incident';
import { refreshDashboardLists } from './refresh-dashboard-lists';

/**
 * PUT /incidents: saves an open incident from its open-draft (status 3). `baseVersion` is the
 * incident's version the form was loaded from: a save over a newer one is refused (STALE_INCIDENT).
 */
export function updateIncident(
  id: string,
  incident: IncidentSubmit,
  draftId: string | null,
  baseVersion: number | null = null,
): Promise<IncidentCreated> {
  const version = baseVersion === null ? {} : { baseVersion };
  return apiFetch<IncidentCreated>('/incidents', { method: 'PUT', body: { ...incident, id, draftId, ...version } });
}

interface UpdateIncidentInput {
  id: string;
  incident: IncidentSubmit;
  draftId: string | null;
  baseVersion?: number | null;
}

export function useUpdateIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, incident, draftId, baseVersion }: UpdateIncidentInput) =>
      updateIncident(id, incident, draftId, baseVersion),
    onSuccess: () => refreshDashboardLists(queryClient, { drafts: true }),
    // A stale copy is explained by the form's own dialog (with Reload); other failures are toasted.
    meta: { silent: true },
    onError: (error) => {
      if (!(error instanceof ApiError && error.code === 'STALE_INCIDENT')) reportError(error, false);
    },
  });
}
