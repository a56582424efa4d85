import type { LegalEntity } from '@blotter/shared/schemas/incident-parts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST /incidents/companies: a legal-entity card (new id, personId set, checked) for a register entry. */
export function addIncidentCompany(personId: string): Promise<LegalEntity> {
  return apiFetch<LegalEntity>('/incidents/companies', { method: 'POST', body: { personId } });
}

export function useAddIncidentCompany() {
  return useMutation({ mutationFn: addIncidentCompany });
}
