import { API_BASE, accessToken, failedCall, requestHeaders } from '../../../lib/api-client';
import { networkError, toApiError } from '../../../lib/api-error';

/**
 * GET /reports/{id}: the uploaded report as a PDF. apiFetch reads JSON only, so this call fetches
 * the bytes itself with the same headers and error handling (as the incident print does).
 */
export async function getReportPdf(id: string, signal?: AbortSignal): Promise<Blob> {
  const headers = { ...requestHeaders(await accessToken(), false), accept: 'application/pdf' };
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/reports/${encodeURIComponent(id)}`, { headers, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
  if (!response.ok) throw failedCall(toApiError(response.status, await response.text().catch(() => '')));
  const blob = await response.blob();
  // The browser's PDF viewer needs the type on the blob to show it in a frame.
  return blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
}
