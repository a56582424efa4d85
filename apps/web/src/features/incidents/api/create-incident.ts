import type { IncidentSubmit } from '@blotter/shared/schemas/incident-form';
import type { CloseIncidentBody } from '@blotter/shared/schemas/incident-view';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { refreshDashboardLists } from './refresh-dashboard-lists';

export interface IncidentCreated {
  id: string;
  number: number;
}

/**
 * POST /incidents: submits a new incident from its draft (status Open, the company's next number);
 * with the Close dialog's answer the server closes it in the same transaction.
 */
export function createIncident(
  incident: IncidentSubmit,
  draftId: string | null,
  close?: CloseIncidentBody,
): Promise<IncidentCreated> {
  return apiFetch<IncidentCreated>('/incidents', { method: 'POST', body: { ...incident, draftId, close } });
}

export function useCreateIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      incident,
      draftId,
      close,
    }: {
      incident: IncidentSubmit;
      draftId: string | null;
      close?: CloseIncidentBody;
    }) => createIncident(incident, draftId, close),
    onSuccess: () => refreshDashboardLists(queryClient, { drafts: true }),
  });
}
