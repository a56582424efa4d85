import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST /incidents/audits/read: the user opened the incident in the viewer. */
export function recordReadAudit(incident: { id: string; number: number }): Promise<void> {
  return apiFetch<void>('/incidents/audits/read', {
    method: 'POST',
    body: { id: incident.id, number: incident.number },
  });
}

export function useRecordReadAudit() {
  // The audit is the company's record, not the reader's concern: a failure is not shown.
  return useMutation({ mutationFn: recordReadAudit, meta: { silent: true } });
}
