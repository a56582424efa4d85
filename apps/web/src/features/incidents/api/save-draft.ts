import { INCIDENT_STATUS } from '@blotter/shared/constants';
import type { Draft, IncidentFields } from '@blotter/shared/schemas/incident-form';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { markCopyStored, trackUnstoredCopy } from '../utils/unstored-copies';

export interface DraftSaved {
  id: string;
  lastUpdateDate: string;
}

/** What stores a copy of an incident at its first save: the incident and the version it was made from. */
export interface CopyOf {
  incidentId?: string;
  baseVersion?: number;
}

/** The copyOf of a working copy: set for an incident being edited, empty for a new draft. */
export function copyOfDraft(draft: Pick<Draft, 'status' | 'incidentId' | 'baseVersion'>): CopyOf {
  if (draft.status !== INCIDENT_STATUS.EDITING || !draft.incidentId || draft.baseVersion === null) return {};
  return { incidentId: draft.incidentId, baseVersion: draft.baseVersion };
}

/**
 * PUT /draftIncidents: saves the whole form data of a working copy (its first save stores a copy of
 * an incident, hence copyOf). `keepalive` lets the request finish while the tab closes. Callers
 * report failures themselves (autosave retries quietly).
 */
export function saveDraft(id: string, data: IncidentFields, options: { keepalive?: boolean; copyOf?: CopyOf } = {}) {
  return apiFetch<DraftSaved>('/draftIncidents', {
    method: 'PUT',
    body: { id, data, ...options.copyOf },
    keepalive: options.keepalive,
  });
}

/**
 * Keeps track of a working copy as it was answered: a copy of an incident not stored yet is stored
 * (with its loaded data) by the first call that needs it on the server; the autosave stores the
 * form's changes over it as usual.
 */
export function trackWorkingCopy(draft: Draft): void {
  if (draft.stored || !draft.incidentId) {
    markCopyStored(draft.id);
    return;
  }
  const copyOf = copyOfDraft(draft);
  trackUnstoredCopy(draft.id, draft.incidentId, async () => {
    await saveDraft(draft.id, draft.data, { copyOf });
  });
}

export function useSaveDraft() {
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: IncidentFields }) => saveDraft(id, data),
    meta: { silent: true },
  });
}
