import { apiFetch } from '../../../lib/api-client';

/**
 * POST /incidents/open/{id} from the entry form: 'Reopen and apply' reopens an incident closed
 * while a copy of it was being edited, then saves the copy over it (OPEN_CLOSED_INCIDENT).
 */
export function reopenForApply(incidentId: string): Promise<unknown> {
  return apiFetch<unknown>(`/incidents/open/${encodeURIComponent(incidentId)}`, { method: 'POST' });
}
