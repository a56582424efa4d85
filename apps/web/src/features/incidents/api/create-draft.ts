import type { Draft } from '@blotter/shared/schemas/incident-form';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/**
 * POST /draftIncidents: a new draft (status 0), or with incidentId the open-draft (status 3) of an
 * open incident; a closed incident is refused with 'Cannot edit closed incident'.
 */
export function createDraft(incidentId: string | null = null): Promise<Draft> {
  return apiFetch<Draft>('/draftIncidents', { method: 'POST', body: { incidentId } });
}

export function useCreateDraft() {
  return useMutation({ mutationFn: createDraft });
}
