import type { ReportUpload } from '@blotter/shared/schemas/analysis';
import { apiFetch } from '../../../lib/api-client';

/** POST /reports: uploads the formatted rows of a report for printing, under a new id (spec 2 §4, §7). */
export function uploadReport(body: ReportUpload, signal?: AbortSignal): Promise<void> {
  return apiFetch<void>('/reports', { method: 'POST', body, signal });
}
