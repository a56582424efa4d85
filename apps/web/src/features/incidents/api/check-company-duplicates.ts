import type { CompanyMatch } from '@blotter/shared/schemas/persons';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST /companies/duplicationCheck: register legal entities that may be the one being entered. */
export function checkCompanyDuplicates(body: { name: string }, signal?: AbortSignal): Promise<CompanyMatch[]> {
  return apiFetch<CompanyMatch[]>('/companies/duplicationCheck', { method: 'POST', body, signal });
}

/** Spec 1 §8: a failed duplication check is ignored silently (no toast). */
export function useCheckCompanyDuplicates() {
  return useMutation({ mutationFn: (body: { name: string }) => checkCompanyDuplicates(body), meta: { silent: true } });
}
