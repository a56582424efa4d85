import { apiFetchPdf } from '../../../lib/api-client';

/** GET /reports/{id}: the uploaded report as a PDF. */
export function getReportPdf(id: string, signal?: AbortSignal): Promise<Blob> {
  return apiFetchPdf(`/reports/${encodeURIComponent(id)}`, signal);
}
