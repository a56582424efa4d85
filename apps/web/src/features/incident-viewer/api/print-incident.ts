import { apiFetchPdf } from '../../../lib/api-client';

/** GET /incidents/{id}/print: the incident as a PDF. */
export function printIncident(id: string, signal?: AbortSignal): Promise<Blob> {
  return apiFetchPdf(`/incidents/${encodeURIComponent(id)}/print`, signal);
}
