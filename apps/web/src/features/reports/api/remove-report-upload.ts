import { apiFetch } from '../../../lib/api-client';

/** DELETE /reports/{id}: removes the uploaded rows when the viewer closes (spec 2 §7). */
export function removeReportUpload(id: string): Promise<void> {
  return apiFetch<void>(`/reports/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
