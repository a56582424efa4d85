import type { PersonMatch } from '@blotter/shared/schemas/persons';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export interface PersonDuplicationBody {
  firstName: string;
  middleName: string;
  lastName: string;
}

/** POST /persons/duplicationCheck: register persons that may be the person being entered. */
export function checkPersonDuplicates(body: PersonDuplicationBody, signal?: AbortSignal): Promise<PersonMatch[]> {
  return apiFetch<PersonMatch[]>('/persons/duplicationCheck', { method: 'POST', body, signal });
}

/** Spec 1 §8: a failed duplication check is ignored silently (no toast). */
export function useCheckPersonDuplicates() {
  return useMutation({
    mutationFn: (body: PersonDuplicationBody) => checkPersonDuplicates(body),
    meta: { silent: true },
  });
}
