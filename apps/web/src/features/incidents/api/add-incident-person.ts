import type { Person } from '@blotter/shared/schemas/incident-parts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The answer: a card plus a signed URL of the register person's picture, if there is one. */
export type AddedPerson = Person & { personPictureSasKey?: string | null };

/** POST /incidents/persons: a person card (new id, personId set, checked) for a register person. */
export function addIncidentPerson(personId: string): Promise<AddedPerson> {
  return apiFetch<AddedPerson>('/incidents/persons', { method: 'POST', body: { personId } });
}

/** Adds the card; a failure is toasted. The picture's signed URL is kept to show it on the card. */
export function useAddIncidentPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addIncidentPerson,
    onSuccess: (person) => {
      if (person.personPicture && person.personPictureSasKey) {
        queryClient.setQueryData(queryKeys.incidents.personPicture(person.personPicture), person.personPictureSasKey);
      }
    },
  });
}
