import { useCallback } from 'react';
import { useIncidentForm } from '../fields/form-types';

/**
 * When a person or legal entity card is removed, nothing may point at it any more: vehicle and
 * item owners are cleared and it leaves the corrective actions' involved persons (the submit rules
 * refuse references to parties that are not on the incident).
 */
export function useDetachParty() {
  const { getValues, setValue } = useIncidentForm();
  return useCallback(
    (partyId: string) => {
      (getValues('vehicles') ?? []).forEach((vehicle, i) => {
        if (vehicle.ownerPersonId === partyId) setValue(`vehicles.${i}.ownerPersonId`, null, { shouldDirty: true });
      });
      (getValues('items') ?? []).forEach((item, i) => {
        if (item.ownerPersonId === partyId) setValue(`items.${i}.ownerPersonId`, null, { shouldDirty: true });
      });
      (getValues('correctiveActions') ?? []).forEach((action, i) => {
        const list = action.involvedPersonList ?? [];
        if (list.includes(partyId)) {
          setValue(
            `correctiveActions.${i}.involvedPersonList`,
            list.filter((id) => id !== partyId),
            { shouldDirty: true },
          );
        }
      });
    },
    [getValues, setValue],
  );
}
