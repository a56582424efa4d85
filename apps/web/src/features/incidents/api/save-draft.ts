import type { IncidentFields } from '@blotter/shared/schemas/incident-form';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export interface DraftSaved {
  id: string;
  lastUpdateDate: string;
}

/**
 * PUT /draftIncidents: saves the whole form data of a working copy. `keepalive` lets the request
 * finish while the tab closes. Callers report failures themselves (autosave retries quietly).
 */
export function saveDraft(id: string, data: IncidentFields, options: { keepalive?: boolean } = {}) {
  return apiFetch<DraftSaved>('/draftIncidents', { method: 'PUT', body: { id, data }, keepalive: options.keepalive });
}

export function useSaveDraft() {
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: IncidentFields }) => saveDraft(id, data),
    meta: { silent: true },
  });
}
