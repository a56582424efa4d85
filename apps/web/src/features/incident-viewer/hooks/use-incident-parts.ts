import { useQuery } from '@tanstack/react-query';
import { incidentPartsQueryOptions } from '../api/get-incident-parts';
import { type IncidentParts, NO_PARTS } from '../model/view-data';

/**
 * The parts of an incident, loaded side by side with the incident itself in one request. `failed`
 * says they could not be loaded (the viewer then shows the incident without them).
 */
export function useIncidentParts(incidentId: string, enabled: boolean): { data?: IncidentParts; failed: boolean } {
  const parts = useQuery({ ...incidentPartsQueryOptions(incidentId), enabled });
  return { data: parts.data ?? (parts.isError ? NO_PARTS : undefined), failed: parts.isError };
}
