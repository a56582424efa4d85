import { useMemo } from 'react';
import { useIncidentAttachments } from '../api/get-incident-attachments';
import { useIncidentCompanies } from '../api/get-incident-companies';
import { useIncidentCorrectiveActions } from '../api/get-incident-corrective-actions';
import { useIncidentItems } from '../api/get-incident-items';
import { useIncidentPersons } from '../api/get-incident-persons';
import { useIncidentVehicles } from '../api/get-incident-vehicles';
import type { IncidentParts } from '../model/view-data';

/**
 * The parts of an incident, loaded side by side with the incident itself. `data` is there once every
 * part has answered; a part that failed counts as empty and `failed` says so.
 */
export function useIncidentParts(incidentId: string, enabled: boolean) {
  const persons = useIncidentPersons(incidentId, enabled);
  const companies = useIncidentCompanies(incidentId, enabled);
  const vehicles = useIncidentVehicles(incidentId, enabled);
  const items = useIncidentItems(incidentId, enabled);
  const attachments = useIncidentAttachments(incidentId, enabled);
  const correctiveActions = useIncidentCorrectiveActions(incidentId, enabled);
  const all = [persons, companies, vehicles, items, attachments, correctiveActions];
  const settled = all.every((query) => query.data !== undefined || query.isError);
  const data = useMemo<IncidentParts | undefined>(
    () =>
      settled
        ? {
            persons: persons.data ?? [],
            companies: companies.data ?? [],
            vehicles: vehicles.data ?? [],
            items: items.data ?? [],
            attachments: attachments.data ?? [],
            correctiveActions: correctiveActions.data ?? [],
          }
        : undefined,
    [settled, persons.data, companies.data, vehicles.data, items.data, attachments.data, correctiveActions.data],
  );
  return { data, failed: all.some((query) => query.isError) };
}
